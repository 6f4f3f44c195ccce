package dev.latencylab.runner.scenario;

import java.time.Duration;
import java.util.List;

/**
 * An experiment as data: phases, each fully specified once defaults are applied, and how many
 * times the run goes through them ({@code repeat}, interleaved: see {@link RunPlan}).
 */
public record Scenario(String name, String description, List<Phase> phases, int repeat) {

    /**
     * A bound against a typo turning a run into a day: twenty rounds of the 4-phase linger sweep
     * already take 80 minutes.
     */
    public static final int MAX_REPEAT = 20;

    public Scenario {
        phases = List.copyOf(phases);
    }

    /** A scenario run once. */
    public Scenario(String name, String description, List<Phase> phases) {
        this(name, description, phases, 1);
    }

    /** One round through the phases. */
    public Duration total() {
        return phases.stream().map(Phase::total).reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * The same scenario with warm-up and/or duration replaced in every phase (null keeps the file's value).
     *
     * @throws ScenarioException when a shortened window ends before one of its phase's fault steps,
     *     each such step named
     */
    public Scenario withTiming(TimingOverride override) {
        if (override.isEmpty()) {
            return this;
        }
        Scenario timed = new Scenario(
                name,
                description,
                phases.stream()
                        .map(p -> p.withTiming(
                                override.warmup() != null ? override.warmup() : p.warmup(),
                                override.duration() != null ? override.duration() : p.duration()))
                        .toList(),
                repeat);
        List<String> past = timed.phases.stream()
                .flatMap(p -> p.faults().stream()
                        .filter(f -> !TimedFault.insideWindow(f.at(), p.duration()))
                        .map(f -> p.name() + ": " + f.describe() + " is past its window of "
                                + Durations.format(p.duration()) + " (the duration given): give a longer one"))
                .toList();
        if (!past.isEmpty()) {
            throw new ScenarioException(past);
        }
        return timed;
    }

    /** Whether any phase kills, stops or restarts brokers or consumer-app instances. */
    public boolean injectsFaults() {
        return phases.stream().anyMatch(Phase::injectsFaults);
    }

    /** Whether any phase kills, stops or restarts a broker. */
    public boolean actsOnBrokers() {
        return phases.stream().flatMap(p -> p.faults().stream()).anyMatch(f -> !f.onConsumer());
    }

    /** The highest consumer-app instance a phase's step names ({@code consumer-N}); 0 when none does. */
    public int consumerInstancesNeeded() {
        return phases.stream()
                .flatMap(p -> p.faults().stream())
                .mapToInt(f -> TimedFault.consumerInstance(f.target()).orElse(0))
                .max()
                .orElse(0);
    }

    /** Whether any phase sets a round trip, which the delay wire adds. */
    public boolean setsRoundTrip() {
        return phases.stream().anyMatch(p -> p.network() != null);
    }

    /**
     * Whether a run needs Kafka's Admin client: for faults, for phases that write their own topics,
     * and for backlogs, checked against what their topic keeps.
     */
    public boolean needsKafkaAdmin() {
        return injectsFaults()
                || phases.stream()
                        .anyMatch(p ->
                                p.drains() || (p.topic() != null && p.topic().created()));
    }
}
