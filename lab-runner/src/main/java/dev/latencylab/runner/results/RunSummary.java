package dev.latencylab.runner.results;

import java.time.Instant;
import java.util.List;

/** summary.json: the run's phases, totals, the computed reading and every warning. */
public record RunSummary(
        String scenario,
        String description,
        Instant startedAt,
        Instant endedAt,
        boolean complete,
        String stopReason,
        int cores,
        List<PhaseSummary> phases,
        Totals totals,
        Reading reading,
        List<String> warnings) {

    public RunSummary {
        phases = List.copyOf(phases);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** Counts over the whole run: producer counters (since the app started) and the consumer's totals (since the reset). */
    public record Totals(
            Long producerSent,
            Long producerAcked,
            Long producerFailed,
            Long received,
            Long lost,
            Long late,
            Long unobserved,
            Long duplicated,
            Long outOfOrder,
            Long pending,
            Long skipped,
            boolean drained) {
        public static final Totals NONE =
                new Totals(null, null, null, null, null, null, null, null, null, null, null, false);
    }

    /** The trade-off paragraph, the produce-request sanity check (sanityPassed null: not checkable) and the shared-machine caveat. */
    public record Reading(String paragraph, String sanity, Boolean sanityPassed, String caveat) {}

    public RunSummary withReading(Reading newReading) {
        return new RunSummary(
                scenario,
                description,
                startedAt,
                endedAt,
                complete,
                stopReason,
                cores,
                phases,
                totals,
                newReading,
                warnings);
    }
}
