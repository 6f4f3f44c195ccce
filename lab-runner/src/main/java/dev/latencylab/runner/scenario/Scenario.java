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

    /** The same scenario with warm-up and/or duration replaced in every phase (null keeps the file's value). */
    public Scenario withTiming(TimingOverride override) {
        if (override.isEmpty()) {
            return this;
        }
        return new Scenario(
                name,
                description,
                phases.stream()
                        .map(p -> p.withTiming(
                                override.warmup() != null ? override.warmup() : p.warmup(),
                                override.duration() != null ? override.duration() : p.duration()))
                        .toList(),
                repeat);
    }
}
