package dev.latencylab.runner.results.summary;

import dev.latencylab.runner.clocks.ClockCheck;
import dev.latencylab.runner.run.RateSearchRecord;
import dev.latencylab.runner.run.StackWarmupRecord;
import dev.latencylab.runner.scenario.RunPlan;
import java.time.Instant;
import java.util.List;

/**
 * summary.json: how the phases were repeated, the stack warm-up before them (null in folders from
 * before it), the run's phases, totals, the computed reading and every warning; {@code stack} says
 * how the stack was started (local processes, or compose and on which engine; null when unknown);
 * {@code clocks} every app's clock offset against the runner's at each phase's start and end (none in
 * folders from before them); {@code cores} the machine's when the apps and brokers all ran on it, 0
 * when some ran elsewhere (workers, a user's cluster).
 */
public record RunSummary(
        String scenario,
        String description,
        Instant startedAt,
        Instant endedAt,
        boolean complete,
        String stopReason,
        int cores,
        Repeats repeats,
        StackWarmupRecord stackWarmup,
        List<PhaseSummary> phases,
        RunTotals totals,
        Reading reading,
        List<String> warnings,
        List<RateSearchRecord> rateSearches,
        String stack,
        List<ClockCheck> clocks) {

    public RunSummary {
        phases = List.copyOf(phases);
        clocks = clocks == null ? List.of() : List.copyOf(clocks);
        rateSearches = rateSearches == null ? List.of() : List.copyOf(rateSearches);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        if (repeats == null) {
            // summary.json from before repeats (every phase once), or rows put together without a plan: the
            // order the rows have.
            int count = phases.stream().mapToInt(PhaseSummary::repeat).max().orElse(1);
            repeats = new Repeats(
                    count,
                    null,
                    phases.stream()
                            .map(p -> RunPlan.label(p.name(), p.repeat(), count))
                            .toList(),
                    null,
                    null);
        }
        if (repeats.phases().isEmpty() && !phases.isEmpty()) {
            repeats = repeats.withPhases(PhaseSpread.of(phases, List.of()));
        }
    }

    /**
     * How the run repeated the scenario's phases: {@code count} rounds, the order the phases ran in
     * (labels such as "linger-5#2"), the seed that order was shuffled with (null when unknown; with
     * one round the order is the file's and the seed plays no part), what the spread is
     * ({@link Spread#MEANING}), and per scenario phase every figure's median and spread with the
     * repeats' values.
     */
    public record Repeats(int count, Long seed, List<String> order, String spread, List<PhaseSpread> phases) {
        public Repeats {
            count = Math.max(1, count);
            order = order == null ? List.of() : List.copyOf(order);
            spread = Spread.MEANING;
            phases = phases == null ? List.of() : List.copyOf(phases);
        }

        Repeats withPhases(List<PhaseSpread> newPhases) {
            return new Repeats(count, seed, order, spread, newPhases);
        }
    }

    /**
     * Counts over the whole run: producer counters (since the app started) and the consumer's totals (since the
     * reset). {@code skipped}: records the consumer counted in no phase (no or a bad header, no room for their
     * phase); {@code unsampled}: records it processed (redeliveries aside) whose value was not a JSON object,
     * counted like any other, without a latency sample.
     */
    public record RunTotals(
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
            Long unsampled,
            boolean drained) {
        public static final RunTotals NONE =
                new RunTotals(null, null, null, null, null, null, null, null, null, null, null, null, false);
    }

    /** The trade-off paragraph, the produce-request sanity check (sanityPassed null: not checkable) and the shared-machine caveat. */
    public record Reading(String paragraph, String sanity, Boolean sanityPassed, String caveat) {}

    public RunSummary withReading(Reading newReading) {
        return copy(repeats, newReading, warnings);
    }

    public RunSummary withWarnings(List<String> newWarnings) {
        return copy(repeats, reading, newWarnings);
    }

    private RunSummary copy(Repeats newRepeats, Reading newReading, List<String> newWarnings) {
        return new RunSummary(
                scenario,
                description,
                startedAt,
                endedAt,
                complete,
                stopReason,
                cores,
                newRepeats,
                stackWarmup,
                phases,
                totals,
                newReading,
                newWarnings,
                rateSearches,
                stack,
                clocks);
    }

    /** The partition count of a scenario phase's topic, from the first of its rows that knows it; null if none does. */
    Integer partitions(String phase) {
        return phases.stream()
                .filter(p -> p.name().equals(phase) && p.partitions() != null)
                .map(PhaseSummary::partitions)
                .findFirst()
                .orElse(null);
    }

    /**
     * The same summary with every scenario phase's spread computed again from its rows: a folder
     * written by an earlier version lacks the figures added since (the rows hold what they derive from).
     */
    public RunSummary withSpreadsRecomputed() {
        List<String> order = repeats.phases().stream().map(PhaseSpread::name).toList();
        return copy(repeats.withPhases(PhaseSpread.of(phases, order)), reading, warnings);
    }

    /** How a row of this run is named in tables and charts: "linger-5#2" when phases repeat, else the name. */
    public String label(PhaseSummary p) {
        return RunPlan.label(p.name(), p.repeat(), repeats.count());
    }
}
