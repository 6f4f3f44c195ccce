package dev.latencylab.runner.results;

import dev.latencylab.runner.scenario.RunPlan;
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
        Repeats repeats,
        List<PhaseSummary> phases,
        Totals totals,
        Reading reading,
        List<String> warnings) {

    public RunSummary {
        phases = List.copyOf(phases);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        if (repeats == null) {
            // summary.json from before repeats: every phase once, in the order the rows have.
            repeats = Repeats.once(phases);
        }
    }

    /** A summary of phases run once each, in the file's order. */
    public RunSummary(
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
        this(
                scenario,
                description,
                startedAt,
                endedAt,
                complete,
                stopReason,
                cores,
                null,
                phases,
                totals,
                reading,
                warnings);
    }

    /**
     * How the run repeated the scenario's phases: {@code count} rounds, the order the phases ran in
     * (labels such as "linger-5#2"), and the seed that order was shuffled with (null when unknown);
     * with one round the order is the file's and the seed plays no part.
     */
    public record Repeats(int count, Long seed, List<String> order) {
        public Repeats {
            count = Math.max(1, count);
            order = order == null ? List.of() : List.copyOf(order);
        }

        static Repeats once(List<PhaseSummary> phases) {
            return new Repeats(1, null, phases.stream().map(PhaseSummary::name).toList());
        }
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
                repeats,
                phases,
                totals,
                newReading,
                warnings);
    }

    public RunSummary withWarnings(List<String> newWarnings) {
        return new RunSummary(
                scenario,
                description,
                startedAt,
                endedAt,
                complete,
                stopReason,
                cores,
                repeats,
                phases,
                totals,
                reading,
                newWarnings);
    }

    /** How a row of this run is named in tables and charts: "linger-5#2" when phases repeat, else the name. */
    String label(PhaseSummary p) {
        return RunPlan.label(p.name(), p.repeat(), repeats.count());
    }
}
