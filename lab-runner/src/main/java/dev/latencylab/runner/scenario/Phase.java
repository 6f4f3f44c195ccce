package dev.latencylab.runner.scenario;

import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ProducerSettings;
import java.time.Duration;
import java.util.List;

/**
 * One step of a scenario: the settings to apply, a warm-up whose samples are dropped, and the
 * measured duration. In a run, {@code repeat} says which of the scenario's repeats this is (1..N,
 * see {@link RunPlan}); a phase as read from a file is repeat 1.
 *
 * @param topic the phase's own topic, null for the lab topic ({@link TopicSpec})
 * @param maxRate {@code rate: max}: the runner searches the highest rate the stack sustains with
 *     these settings, starting from {@code settings.rate()}, then measures at fractions of it
 * @param consumer the consumer settings the phase runs with; null when the scenario names none
 *     (the consumer is left as it is)
 * @param backlog records to pile up with the consumer paused before it drains them with the
 *     phase's consumer settings; the phase then measures the drain ({@code duration} bounds it;
 *     {@code warmup} is not used: every record of the backlog is measured); null for a phase under
 *     steady load
 * @param faults brokers killed, stopped or restarted during the measured window, in time order
 *     (empty for none)
 * @param network the round trip added between a far producer-app and the brokers; null when the
 *     scenario names none (the wire is left as it is)
 * @param producers how many of the running producer-app instances the phase drives (the first
 *     ones; the others are stopped); null for all. The settings' rate is their total, each given
 *     an even share of it
 */
public record Phase(
        String name,
        ProducerSettings settings,
        Duration warmup,
        Duration duration,
        TopicSpec topic,
        boolean maxRate,
        int repeat,
        ConsumerSettings consumer,
        Integer backlog,
        List<TimedFault> faults,
        NetworkDelay network,
        Integer producers) {

    /** Records; 5 million of 1 KB is 15 GB on three replicas, past what a laptop lab should write. */
    public static final int MAX_BACKLOG = 5_000_000;
    /**
     * producer-app instances a phase may drive: a bound of sense only, since the runner changes every driven
     * instance at once, a thread each (scripts/lab up --producers starts up to 8; workers elsewhere are any number).
     */
    public static final int MAX_PRODUCERS = 1024;

    public Phase {
        faults = faults == null ? List.of() : List.copyOf(faults);
    }

    public Phase(String name, ProducerSettings settings, Duration warmup, Duration duration) {
        this(name, settings, warmup, duration, null, false, 1, null, null, List.of(), null, null);
    }

    public Duration total() {
        return warmup.plus(duration);
    }

    public Phase withTiming(Duration newWarmup, Duration newDuration) {
        return copy(name, settings, newWarmup, newDuration, maxRate, repeat, consumer, network);
    }

    public Phase withRepeat(int newRepeat) {
        return copy(name, settings, warmup, duration, maxRate, newRepeat, consumer, network);
    }

    /** Whether brokers or consumer-app instances are killed, stopped or restarted during the phase. */
    public boolean injectsFaults() {
        return !faults.isEmpty();
    }

    /** Whether the phase measures the draining of a backlog rather than a steady load. */
    public boolean drains() {
        return backlog != null;
    }

    /** This phase under another name at a fixed rate: a measurement at a fraction of a rate found. */
    public Phase atRate(String newName, double rate) {
        return copy(newName, settings.withRate(rate), warmup, duration, false, repeat, consumer, network);
    }

    /** This phase with the fields a copy may change replaced; its topic, backlog, faults and producers kept. */
    private Phase copy(
            String newName,
            ProducerSettings newSettings,
            Duration newWarmup,
            Duration newDuration,
            boolean newMaxRate,
            int newRepeat,
            ConsumerSettings newConsumer,
            NetworkDelay newNetwork) {
        return new Phase(
                newName,
                newSettings,
                newWarmup,
                newDuration,
                topic,
                newMaxRate,
                newRepeat,
                newConsumer,
                backlog,
                faults,
                newNetwork,
                producers);
    }
}
