package dev.latencylab.runner.results.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The reading's sentences on delivery rather than latency: whether each phase kept its target
 * rate and its schedule, and whether records were lost or duplicated, inside the measured windows
 * or outside them.
 */
final class DeliveryReading {

    /** Below this share of the target rate a phase is called out as not keeping up. */
    private static final double RATE_SHORTFALL = 0.98;
    /** Corrected p99 this many times the naive p99 means the producer fell behind its schedule. */
    private static final double OMISSION_FACTOR = 1.5;

    private DeliveryReading() {}

    /**
     * Loss or duplicates the consumer counted over the whole run but not inside the measured windows
     * (warm-ups, the drain at the end): the per-window sentence alone would read as "nothing lost".
     */
    static String outsideWindows(List<PhaseSummary> phases, RunSummary.RunTotals totals) {
        if (totals == null || totals.lost() == null || totals.duplicated() == null) {
            return null;
        }
        long lost = sum(phases, PhaseSummary::lost);
        long dup = sum(phases, PhaseSummary::duplicated);
        if (totals.lost() <= lost && totals.duplicated() <= dup) {
            return null;
        }
        return "Over the whole run (warm-ups included) the consumer counted " + totals.lost() + " lost and "
                + totals.duplicated() + " duplicated records, " + (totals.lost() - lost) + " lost and "
                + (totals.duplicated() - dup) + " duplicated of them outside the measured windows.";
    }

    static String rates(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
        List<String> starved = StarvedInstances.of(phases, label);
        String group = groupRates(phases, label);
        return starved.isEmpty()
                ? group
                : group + " " + String.join("; ", starved)
                        + ": each instance is given rate / instances, so there the load was uneven.";
    }

    private static String groupRates(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
        List<PhaseSummary> short_ = phases.stream()
                .filter(p -> p.achievedShare() != null && p.achievedShare() < RATE_SHORTFALL)
                .toList();
        long unknown = phases.stream().filter(p -> p.achievedShare() == null).count();
        if (short_.isEmpty()) {
            return unknown == phases.size()
                    ? "The achieved send rate is unknown."
                    : "Every measured phase reached at least " + Fmt.percent(RATE_SHORTFALL) + " of its target rate.";
        }
        return short_.stream()
                        .map(p ->
                                label.apply(p) + " reached only " + Fmt.percent(p.achievedShare()) + " of its target ("
                                        + Fmt.rate(p.achievedRate()) + " of "
                                        + Fmt.rate(p.settings().rate()) + " records/s)")
                        .collect(Collectors.joining("; "))
                + ": the producer could not keep its schedule there, so those latencies include its backlog.";
    }

    /** The known values of a count over the phases (an unknown one adds nothing). */
    private static long sum(List<PhaseSummary> phases, Function<PhaseSummary, Long> count) {
        return phases.stream()
                .map(count)
                .filter(Objects::nonNull)
                .mapToLong(Long::longValue)
                .sum();
    }

    static String losses(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
        long lost = sum(phases, PhaseSummary::lost);
        long dup = sum(phases, PhaseSummary::duplicated);
        boolean anyUnknown = phases.stream().anyMatch(p -> p.lost() == null || p.duplicated() == null);
        if (lost == 0 && dup == 0) {
            return anyUnknown
                    ? "Loss and duplicates are unknown for some phases; none were counted in the others."
                    : "No record was lost or duplicated in any measured window.";
        }
        Map<String, String> where = new LinkedHashMap<>();
        for (PhaseSummary p : phases) {
            long l = p.lost() == null ? 0 : p.lost();
            long d = p.duplicated() == null ? 0 : p.duplicated();
            if (l > 0 || d > 0) {
                where.put(label.apply(p), l + " lost, " + d + " duplicated");
            }
        }
        return lost + " records were lost and " + dup + " duplicated ("
                + where.entrySet().stream()
                        .map(e -> e.getKey() + ": " + e.getValue())
                        .collect(Collectors.joining("; ")) + ").";
    }

    static String omission(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
        List<String> behind = new ArrayList<>();
        for (PhaseSummary p : phases) {
            Double naive = p.latencyMs().p99();
            Double corrected = p.correctedLatencyMs().p99();
            if (naive != null && corrected != null && naive > 0 && corrected > OMISSION_FACTOR * naive) {
                behind.add(label.apply(p) + " (corrected p99 " + Fmt.ms(corrected) + " ms vs naive " + Fmt.ms(naive)
                        + " ms)");
            }
        }
        if (behind.isEmpty()) {
            return null;
        }
        return "The producer fell behind its schedule in " + String.join(", ", behind)
                + ": the naive figure hides that wait, the corrected one counts it.";
    }
}
