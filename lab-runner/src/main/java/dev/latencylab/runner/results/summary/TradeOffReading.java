package dev.latencylab.runner.results.summary;

import dev.latencylab.runner.run.StackWarmupRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the trade-off out of a run's figures: which phase was best at what, by how much against
 * the baseline (the first linger.ms 0 phase, else the first phase), whether the producer kept its
 * rate, whether anything was lost, and whether produce requests fell as linger rose. Every word
 * that states a result is computed from the numbers; nothing here is canned.
 *
 * <p>Phases are compared by their median over the run's repeats. One is called lower than another
 * only when their ranges over the repeats do not overlap; where they overlap the reading says no
 * difference is measurable. With one run per phase there is no range, so the comparison is stated
 * with the caution that a single run cannot tell noise from effect.
 *
 * <p>This class puts the paragraph together; {@link LowestFigure} words each figure's comparison,
 * {@link DeliveryReading} the rate, schedule and losses, {@link SanityCheck} the produce-request check.
 */
public final class TradeOffReading {

    /** Share of the machine's cores the lab's processes use at which a phase is called CPU-bound. */
    private static final double SATURATED = 0.75;

    static final String SINGLE_RUN = "With one run per phase a difference cannot be told from noise; "
            + "'repeat: N' in the scenario runs each phase N times, interleaved, and compares their ranges.";

    private TradeOffReading() {}

    public static RunSummary.Reading read(List<PhaseSummary> phases, int cores) {
        return read(phases, null, cores);
    }

    /** As {@link #read(List, int)}, and the run's totals (null if unknown) say whether anything was lost outside the windows. */
    public static RunSummary.Reading read(List<PhaseSummary> phases, RunSummary.RunTotals totals, int cores) {
        return read(new RunSummary(
                null, null, null, null, true, null, cores, null, null, phases, totals, null, null, null, null, null));
    }

    /** The reading of a whole summary: its phases' spreads over the repeats, its rows, totals and cores. */
    public static RunSummary.Reading read(RunSummary s) {
        List<PhaseSpread> spreads = s.repeats().phases();
        SanityCheck.Conclusion sanity = SanityCheck.of(spreads, s.phases());
        List<PhaseSummary> drains =
                s.phases().stream().filter(p -> p.drain() != null).toList();
        // A run of drains only has no producer trade-off to read: the consumer modes are its question.
        String paragraph = !drains.isEmpty() && drains.size() == s.phases().size()
                ? DrainReading.read(drains, drains.get(0)) + " " + DeliveryReading.losses(s.phases(), s::label)
                : paragraph(spreads, s.phases(), s::label);
        if (!drains.isEmpty() && drains.size() < s.phases().size()) {
            paragraph = paragraph + " " + DrainReading.read(drains, drains.get(0));
        }
        for (String extra : new String[] {
            CompressionReading.read(s),
            PartitionReading.read(s),
            saturated(spreads, s.cores()),
            DeliveryReading.outsideWindows(s.phases(), s.totals()),
            notSteady(s.stackWarmup())
        }) {
            if (extra != null) {
                paragraph = paragraph + " " + extra;
            }
        }
        return new RunSummary.Reading(paragraph, sanity.text(), sanity.passed(), caveat(s.cores()));
    }

    /**
     * A stack not shown steady before the first phase: its first phases may still carry start-up
     * work (JIT compilation, leaders and group membership settling) as much as their settings.
     */
    static String notSteady(StackWarmupRecord warmup) {
        if (warmup == null || warmup.steady()) {
            return null;
        }
        return "The stack was not shown steady before the first phase (stack warm-up " + warmup.outcome()
                + "), so the first phases measured may carry start-up work (JIT compilation, leaders and consumer "
                + "group settling) as well as their settings.";
    }

    /**
     * Phases whose processes alone kept most of the machine's cores busy: there the run measures a
     * CPU queue as much as a producer setting (the article's "turning up the heat" case).
     */
    static String saturated(List<PhaseSpread> phases, int cores) {
        if (cores <= 0) {
            return null;
        }
        List<String> busy = phases.stream()
                .filter(p -> p.median(Figures.CPU_TOTAL) != null && p.median(Figures.CPU_TOTAL) >= SATURATED * cores)
                .map(p -> p.name() + " (" + Fmt.cores(p.median(Figures.CPU_TOTAL)) + " of " + cores + " cores, "
                        + Fmt.percent(p.median(Figures.CPU_TOTAL) / cores) + ")")
                .toList();
        if (busy.isEmpty()) {
            return null;
        }
        return "The lab's processes alone kept this machine's CPU "
                + (busy.size() == 1 ? "nearly saturated in " : "nearly saturated in each of ") + String.join(", ", busy)
                + ": there requests queue for a core, so the CPU, as much as the setting, shapes the latency.";
    }

    static String paragraph(List<PhaseSpread> phases, List<PhaseSummary> rows, Function<PhaseSummary, String> label) {
        if (phases.isEmpty()) {
            return "No phase was measured, so there is nothing to read.";
        }
        if (phases.size() == 1) {
            PhaseSpread p = phases.get(0);
            return "Only one phase (" + p.name() + ") was measured, so there is no trade-off to read: e2e p50 "
                    + LowestFigure.show(p, Figures.P50, Fmt::ms, " ms") + ", p99 "
                    + LowestFigure.show(p, Figures.P99, Fmt::ms, " ms") + ".";
        }
        PhaseSpread base = phases.stream()
                .filter(p -> p.settings().lingerMs() == 0)
                .findFirst()
                .orElse(phases.get(0));
        List<String> s = new ArrayList<>();
        s.add("Against the baseline " + base.name() + " (linger.ms "
                + base.settings().lingerMs() + "):");
        s.add(LowestFigure.sentence(phases, base, "median (p50) end-to-end latency", Figures.P50, Fmt::ms, " ms"));
        s.add(LowestFigure.sentence(phases, base, "p99 latency", Figures.P99, Fmt::ms, " ms"));
        s.add(LowestFigure.sentence(
                phases, base, "total CPU (producer + consumer + brokers)", Figures.CPU_TOTAL, Fmt::cores, " cores"));
        s.add(LowestFigure.sentence(phases, base, "the produce request rate", Figures.PRODUCE_RPS, Fmt::rate, "/s"));
        String compression = compression(phases, base);
        if (!compression.isEmpty()) {
            s.add(compression);
        }
        if (phases.stream().anyMatch(p -> p.spread(Figures.P50).known() < Difference.RANGE)) {
            s.add(SINGLE_RUN);
        }
        s.add(DeliveryReading.rates(rows, label));
        s.add(DeliveryReading.losses(rows, label));
        String omission = DeliveryReading.omission(rows, label);
        if (omission != null) {
            s.add(omission);
        }
        return String.join(" ", s);
    }

    private static String compression(List<PhaseSpread> phases, PhaseSpread base) {
        if (phases.stream().anyMatch(p -> p.median(Figures.DISK_RATIO) != null)) {
            if (phases.stream().map(p -> p.settings().compression()).distinct().count() < 2) {
                return ""; // phases on their own topics with one codec (partitions): no codec to compare
            }
            // The client's average trails by 30-60 s, so right after a change of codec it still
            // holds the codec before; each phase's own topic on disk is the figure to compare.
            return "The codecs are compared by each phase's size on disk, not by the client's"
                    + " compression-rate-avg, a trailing 30-60 s average that lags a change of codec.";
        }
        Function<PhaseSpread, Double> rate = p -> p.median(Figures.COMPRESSION_RATE_AVG);
        List<PhaseSpread> known =
                phases.stream().filter(p -> rate.apply(p) != null).toList();
        if (known.isEmpty()) {
            return "Compression rate: n/a in every phase.";
        }
        double min = known.stream().mapToDouble(rate::apply).min().orElseThrow();
        double max = known.stream().mapToDouble(rate::apply).max().orElseThrow();
        String codecs = known.stream()
                .map(p -> p.settings().compression().kafkaName())
                .distinct()
                .collect(Collectors.joining(", "));
        if (max - min < 0.005) {
            return "Compression was the same in every phase (codec " + codecs + ", compressed to " + Fmt.percent(min)
                    + " of the raw size by the client's trailing average).";
        }
        PhaseSpread best = known.stream().min(Comparator.comparing(rate)).orElseThrow();
        Double baseRate = rate.apply(base);
        String verdict = "";
        Spread b = best.spread(Figures.COMPRESSION_RATE_AVG);
        Spread o = base.spread(Figures.COMPRESSION_RATE_AVG);
        Difference d = Difference.of(b, o);
        if (best != base && d != Difference.ONE_RUN) {
            verdict = d == Difference.APART
                    ? " Their ranges over the repeats do not overlap."
                    : " No difference is measurable: their ranges over the repeats overlap.";
        }
        return "The best compression ratio was in " + best.name() + " ("
                + best.settings().compression() + ", compressed to "
                + Fmt.percent(rate.apply(best)) + " of the raw size by the client's trailing 30-60 s average"
                + (best == base || baseRate == null
                        ? ")."
                        : ", against " + Fmt.percent(baseRate) + " in " + base.name() + ").")
                + verdict;
    }

    /** @param cores the one machine's cores when every process ran on it; 0 when some ran elsewhere */
    public static String caveat(int cores) {
        if (cores <= 0) {
            return "The apps or the brokers ran on other machines than this runner: each process's CPU is on its own"
                    + " host's cores, which this runner does not know; settings are compared within this one run only.";
        }
        return "All processes (the brokers, both apps, Prometheus and this runner) share this machine's " + cores
                + " cores, so CPU figures include contention between them; settings are compared within this one run only.";
    }

    static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
