package dev.latencylab.runner.run;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.runner.clocks.ClockCheck;
import dev.latencylab.runner.scenario.Scenario;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything a run measured through the apps' endpoints. {@code complete} is false when the run
 * was interrupted or failed; {@code phases} then holds the phases measured so far (the last one
 * possibly partial) and {@code stopReason} says why it stopped. {@code clocks}: every app's clock
 * against the runner's at each phase's start and end.
 */
public record RunRecord(
        Scenario scenario,
        Instant startedAt,
        Instant endedAt,
        List<PhaseRecord> phases,
        boolean complete,
        String stopReason,
        ProducerStatus finalProducer,
        LatencyView finalConsumer,
        boolean drained,
        List<String> warnings,
        List<RateSearchRecord> searches,
        List<ClockCheck> clocks) {

    public RunRecord {
        phases = List.copyOf(phases);
        warnings = List.copyOf(warnings);
        searches = searches == null ? List.of() : List.copyOf(searches);
        clocks = clocks == null ? List.of() : List.copyOf(clocks);
    }

    /** The first phase of that name: what the self-test rows look their phases up by. */
    public Optional<PhaseRecord> phase(String name) {
        return phases.stream().filter(p -> p.phase().name().equals(name)).findFirst();
    }
}
