package dev.latencylab.runner.results.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The reading of a partition-count series ({@link PartitionFamilies}), from the phases' medians
 * over the repeats: per family (keys x rate), the acked records/s of unthrottled phases, or e2e
 * p99 and publish delay p99 of fixed-rate phases, at each partition count, and where adding
 * partitions stops paying.
 *
 * <p>A step to the next partition count pays when it improves the family's figure by at least
 * {@link #MIN_GAIN}: throughput up when unthrottled, e2e p99 down at a fixed rate (where the rate
 * cannot rise). Less than that, a worse figure, or ranges over the repeats that overlap, and
 * adding partitions has stopped paying at the count before. With one run per phase the step is
 * read from the numbers alone, under the reading's caution about single runs.
 */
final class PartitionReading {

    /** The least improvement a step to more partitions must bring to count as paying. */
    static final double MIN_GAIN = 0.10;

    private PartitionReading() {}

    /** The sentences, or null when the run has no partition-count series. */
    static String read(RunSummary s) {
        List<PartitionFamilies.Family> families = PartitionFamilies.of(s);
        if (families.isEmpty()) {
            return null;
        }
        List<String> sentences = new ArrayList<>();
        for (PartitionFamilies.Family f : families) {
            sentences.add(figures(f, s.repeats().count()));
            String stop = stop(f);
            if (stop != null) {
                sentences.add(stop);
            }
        }
        return String.join(" ", sentences);
    }

    /** The family's figure at each partition count. */
    static String figures(PartitionFamilies.Family f, int repeats) {
        String head = TradeOffReading.capitalize(f.label()) + (repeats > 1 ? " (medians over the repeats)" : "") + ": ";
        if (f.unthrottled()) {
            return head
                    + f.steps().stream()
                            .map(st -> Fmt.rate(st.phase().median(Figures.ACKED_RATE)) + " acked records/s at "
                                    + partitions(st.partitions()))
                            .collect(Collectors.joining(", "))
                    + ".";
        }
        return head + "e2e p99 and publish delay p99 "
                + f.steps().stream()
                        .map(st -> Fmt.ms(st.phase().median(Figures.P99)) + " and "
                                + Fmt.ms(st.phase().median(Figures.DELAY_P99)) + " ms at "
                                + partitions(st.partitions()))
                        .collect(Collectors.joining(", "))
                + ".";
    }

    /** Where adding partitions stops paying in the family, or that it paid at every step; null when a figure is missing first. */
    static String stop(PartitionFamilies.Family f) {
        String key = f.unthrottled() ? Figures.ACKED_RATE : Figures.P99;
        String unit = f.unthrottled() ? " acked records/s" : " ms";
        String better = Fmt.percent(MIN_GAIN) + (f.unthrottled() ? " more" : " lower");
        List<PartitionFamilies.Member> steps = f.steps();
        boolean oneRun = false;
        for (int i = 0; i + 1 < steps.size(); i++) {
            PartitionFamilies.Member cur = steps.get(i);
            PartitionFamilies.Member next = steps.get(i + 1);
            Double a = cur.phase().median(key);
            Double b = next.phase().median(key);
            if (a == null || b == null || a <= 0) {
                return null;
            }
            Difference d = Difference.of(cur.phase().spread(key), next.phase().spread(key));
            oneRun |= d == Difference.ONE_RUN;
            double gain = f.unthrottled() ? b / a - 1 : 1 - b / a;
            if (d == Difference.OVERLAP || gain < MIN_GAIN) {
                return lead(d == Difference.ONE_RUN) + " stops paying after " + cur.partitions() + " for " + f.label()
                        + ": from " + partitions(cur.partitions()) + " to " + next.partitions() + ", "
                        + (f.unthrottled() ? "throughput" : "e2e p99") + " went " + fmt(key, a) + " -> " + fmt(key, b)
                        + unit + " (" + Fmt.relative(b, a) + ")"
                        + (d == Difference.OVERLAP
                                ? ", their ranges over the repeats overlapping: no gain measurable."
                                : ", not " + better + ".");
            }
        }
        PartitionFamilies.Member first = steps.get(0);
        PartitionFamilies.Member last = steps.get(steps.size() - 1);
        return lead(oneRun) + " paid at every step up to " + last.partitions() + " for " + f.label()
                + ": each at least "
                + better + ", " + fmt(key, first.phase().median(key)) + " -> "
                + fmt(key, last.phase().median(key))
                + unit + " from " + partitions(first.partitions()) + " to " + last.partitions() + ".";
    }

    /** With one run per phase the verdict is the numbers' alone: said so, as the reading's caution explains. */
    private static String lead(boolean oneRun) {
        return oneRun ? "By these single runs, adding partitions" : "Adding partitions";
    }

    private static String fmt(String key, Double v) {
        return key.equals(Figures.ACKED_RATE) ? Fmt.rate(v) : Fmt.ms(v);
    }

    private static String partitions(int n) {
        return n + (n == 1 ? " partition" : " partitions");
    }
}
