package dev.latencylab.runner.scenario;

import dev.latencylab.api.settings.ProducerSettings;
import java.time.Duration;

/**
 * One step of a scenario: the settings to apply, a warm-up whose samples are dropped, and the
 * measured duration. In a run, {@code repeat} says which of the scenario's repeats this is (1..N,
 * see {@link RunPlan}); a phase as read from a file is repeat 1.
 *
 * @param topic the phase's own topic, null for the lab topic ({@link TopicSpec})
 * @param maxRate {@code rate: max}: the runner searches the highest rate the stack sustains with
 *     these settings, starting from {@code settings.rate()}, then measures at fractions of it
 */
public record Phase(
        String name,
        ProducerSettings settings,
        Duration warmup,
        Duration duration,
        TopicSpec topic,
        boolean maxRate,
        int repeat) {

    public Phase(String name, ProducerSettings settings, Duration warmup, Duration duration) {
        this(name, settings, warmup, duration, null, false, 1);
    }

    public Duration total() {
        return warmup.plus(duration);
    }

    public Phase withTiming(Duration newWarmup, Duration newDuration) {
        return new Phase(name, settings, newWarmup, newDuration, topic, maxRate, repeat);
    }

    public Phase withRepeat(int newRepeat) {
        return new Phase(name, settings, warmup, duration, topic, maxRate, newRepeat);
    }

    /** This phase under another name at a fixed rate: a measurement at a fraction of a rate found. */
    public Phase atRate(String newName, double rate) {
        return new Phase(newName, settings.withRate(rate), warmup, duration, topic, false, repeat);
    }
}
