package dev.latencylab.runner.scenario;

import dev.latencylab.api.settings.ProducerSettings;
import java.time.Duration;

/**
 * One step of a scenario: the settings to apply, a warm-up whose samples are dropped, and the
 * measured duration. In a run, {@code repeat} says which of the scenario's repeats this is (1..N,
 * see {@link RunPlan}); a phase as read from a file is repeat 1.
 *
 * <p>{@code topic} and {@code partitions} are optional and reserved for experiments where each
 * phase writes its own topic (partition sweep, linger x compression matrix). They are part of the
 * format now so those scenarios need no new format; the runner refuses to run them until the apps
 * can switch topics, rather than silently ignoring them.
 */
public record Phase(
        String name,
        ProducerSettings settings,
        Duration warmup,
        Duration duration,
        String topic,
        Integer partitions,
        int repeat) {

    public Phase(
            String name,
            ProducerSettings settings,
            Duration warmup,
            Duration duration,
            String topic,
            Integer partitions) {
        this(name, settings, warmup, duration, topic, partitions, 1);
    }

    public Duration total() {
        return warmup.plus(duration);
    }

    public Phase withTiming(Duration newWarmup, Duration newDuration) {
        return new Phase(name, settings, newWarmup, newDuration, topic, partitions, repeat);
    }

    public Phase withRepeat(int newRepeat) {
        return new Phase(name, settings, warmup, duration, topic, partitions, newRepeat);
    }
}
