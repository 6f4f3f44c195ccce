package dev.latencylab.runner.scenario;

import java.time.Duration;
import java.util.List;

/** An experiment as data: phases run in order, each fully specified once defaults are applied. */
public record Scenario(String name, String description, List<Phase> phases) {

    public Scenario {
        phases = List.copyOf(phases);
    }

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
                        .toList());
    }
}
