package dev.latencylab.runner.results;

import dev.latencylab.runner.run.StackWarmupRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 */
public final class TradeOffReading {

    /** Below this share of the target rate a phase is called out as not keeping up. */
    private static final double RATE_SHORTFALL = 0.98;
    /** Corrected p99 this many times the naive p99 means the producer fell behind its schedule. */
    private static final double OMISSION_FACTOR = 1.5;
    /** Share of the machine's cores the lab's processes use at which a phase is called CPU-bound. */
    private static final double SATURATED = 0.75;

    static final String SINGLE_RUN = "With one run per phase a difference cannot be told from noise; "
            + "'repeat: N' in the scenario runs each phase N times, interleaved, and compares their ranges.";

    private TradeOffReading() {}

    public static RunSummary.Reading read(List<PhaseSummary> phases, int cores) {
        return read(phases, null, cores);
    }

    /** As {@link #read(List, int)}, and the run's totals (null if unknown) say whether anything was lost outside the windows. */
    public static RunSummary.Reading read(List<PhaseSummary> phases, RunSummary.Totals totals, int cores) {
        return read(new RunSummary(null, null, null, null, true, null, cores, phases, totals, null, null));
    }

    /** The reading of a whole summary: its phases' spreads over the repeats, its rows, totals and cores. */
    public static RunSummary.Reading read(RunSummary s) {
        List<PhaseSpread> spreads = s.repeats().phases();
        Sanity sanity = sanity(spreads);
        List<PhaseSummary> drains =
                s.phases().stream().filter(p -> p.drain() != null).toList();
        // A run of drains only has no producer trade-off to read: the consumer modes are its question.
        String paragraph = !drains.isEmpty() && drains.size() == s.phases().size()
                ? DrainSection.reading(drains, drains.get(0)) + " " + losses(s.phases(), s::label)
                : paragraph(spreads, s.phases(), s::label);
        if (!drains.isEmpty() && drains.size() < s.phases().size()) {
            paragraph = paragraph + " " + DrainSection.reading(drains, drains.get(0));
        }
        for (String extra : new String[] {
            CompressionReading.read(s),
            PartitionReading.read(s),
            saturated(spreads, s.cores()),
            outsideWindows(s.phases(), s.totals()),
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

    /**
     * Loss or duplicates the consumer counted over the whole run but not inside the measured windows
     * (warm-ups, the drain at the end): the per-window sentence alone would read as "nothing lost".
     */
    static String outsideWindows(List<PhaseSummary> phases, RunSummary.Totals totals) {
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

    static String paragraph(List<PhaseSpread> phases, List<PhaseSummary> rows, Function<PhaseSummary, String> label) {
        if (phases.isEmpty()) {
            return "No phase was measured, so there is nothing to read.";
        }
        if (phases.size() == 1) {
            PhaseSpread p = phases.get(0);
            return "Only one phase (" + p.name() + ") was measured, so there is no trade-off to read: e2e p50 "
                    + show(p, Figures.P50, Fmt::ms, " ms") + ", p99 " + show(p, Figures.P99, Fmt::ms, " ms") + ".";
        }
        PhaseSpread base = phases.stream()
                .filter(p -> p.settings().lingerMs() == 0)
                .findFirst()
                .orElse(phases.get(0));
        List<String> s = new ArrayList<>();
        s.add("Against the baseline " + base.name() + " (linger.ms "
                + base.settings().lingerMs() + "):");
        s.add(lowest(phases, base, "median (p50) end-to-end latency", Figures.P50, Fmt::ms, " ms"));
        s.add(lowest(phases, base, "p99 latency", Figures.P99, Fmt::ms, " ms"));
        s.add(lowest(
                phases, base, "total CPU (producer + consumer + brokers)", Figures.CPU_TOTAL, Fmt::cores, " cores"));
        s.add(lowest(phases, base, "the produce request rate", Figures.PRODUCE_RPS, Fmt::rate, "/s"));
        String compression = compression(phases, base);
        if (!compression.isEmpty()) {
            s.add(compression);
        }
        if (phases.stream().anyMatch(p -> p.spread(Figures.P50).known() < Difference.RANGE)) {
            s.add(SINGLE_RUN);
        }
        s.add(rates(rows, label));
        s.add(losses(rows, label));
        String omission = omission(rows, label);
        if (omission != null) {
            s.add(omission);
        }
        return String.join(" ", s);
    }

    /**
     * Which phase had the lowest median of a figure and how it compares with the baseline (or, when
     * the baseline is lowest, with the next best): a measurable difference only where the two
     * ranges over the repeats do not overlap.
     */
    private static String lowest(
            List<PhaseSpread> phases,
            PhaseSpread base,
            String what,
            String key,
            Function<Double, String> fmt,
            String unit) {
        List<PhaseSpread> known =
                phases.stream().filter(p -> p.median(key) != null).toList();
        if (known.isEmpty()) {
            return capitalize(what) + ": n/a in every phase.";
        }
        if (known.size() == 1) {
            PhaseSpread only = known.get(0);
            return capitalize(what) + " is known only for " + only.name() + " (" + show(only, key, fmt, unit) + ").";
        }
        Comparator<PhaseSpread> byMedian = Comparator.comparing(p -> p.median(key));
        PhaseSpread best = known.stream().min(byMedian).orElseThrow();
        if (best != base && base.median(key) == null) {
            return capitalize(what) + " was lowest in " + best.name() + " (" + show(best, key, fmt, unit) + "); "
                    + base.name() + " has no value to compare with.";
        }
        PhaseSpread other = best != base
                ? base
                : known.stream().filter(p -> p != base).min(byMedian).orElseThrow();
        Spread b = best.spread(key);
        Spread o = other.spread(key);
        Difference d = Difference.of(b, o);
        if (d == Difference.OVERLAP) {
            return capitalize(what) + ": no difference measurable between " + best.name() + " ("
                    + show(best, key, fmt, unit) + ", the lowest median) and " + (best == base ? "the next best, " : "")
                    + other.name() + " (" + show(other, key, fmt, unit) + "): their ranges overlap.";
        }
        String apart = d == Difference.APART ? "; their ranges do not overlap." : ".";
        String head = capitalize(what) + " was lowest in " + best.name() + " (" + show(best, key, fmt, unit) + ")";
        double bv = b.median();
        double ov = o.median();
        if (best == base) {
            return head + ", the baseline itself; the next best, " + other.name() + " (" + show(other, key, fmt, unit)
                    + "), was " + above(ov, bv) + apart;
        }
        String rel = Fmt.relative(bv, ov);
        return head + ", " + (rel.equals("the same") ? "the same as" : rel + " than") + " " + base.name() + "'s "
                + show(base, key, fmt, unit) + apart;
    }

    /** A phase's figure: its value after one run, its median and range after several. */
    private static String show(PhaseSpread p, String key, Function<Double, String> fmt, String unit) {
        Spread s = p.spread(key);
        if (s.known() < Difference.RANGE) {
            return fmt.apply(s.median()) + unit;
        }
        return "median " + fmt.apply(s.median()) + unit + ", " + fmt.apply(s.min()) + ".." + fmt.apply(s.max())
                + " over " + s.known() + " repeats";
    }

    private static String above(double value, double base) {
        String rel = Fmt.relative(value, base);
        if (rel.equals("the same")) {
            return "practically the same";
        }
        return rel.endsWith("x") ? rel + " as much" : rel;
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

    private static String rates(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
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

    private static String losses(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
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

    private static String omission(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
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

    /** The outcome of the produce-request check; passed is null when no pair of phases allows it. */
    record Sanity(String text, Boolean passed) {}

    static Sanity sanity(List<PhaseSpread> phases) {
        // Only phases that differ in linger alone are comparable: a different rate changes requests by itself.
        // With repeats, each phase's median: the check is on the direction, not a verdict between phases.
        Function<PhaseSpread, Double> produce = p -> p.median(Figures.PRODUCE_RPS);
        Map<String, List<PhaseSpread>> groups = phases.stream()
                .filter(p -> produce.apply(p) != null)
                .collect(Collectors.groupingBy(
                        p -> p.settings().batchSize() + "/" + p.settings().compression() + "/"
                                + p.settings().rate() + "/" + p.settings().payloadBytes(),
                        LinkedHashMap::new,
                        Collectors.toList()));
        List<String> steps = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (List<PhaseSpread> group : groups.values()) {
            List<PhaseSpread> sorted = group.stream()
                    .sorted(Comparator.comparingInt(p -> p.settings().lingerMs()))
                    .toList();
            StringBuilder chain = new StringBuilder();
            for (int i = 0; i < sorted.size(); i++) {
                PhaseSpread p = sorted.get(i);
                chain.append(i == 0 ? "" : " -> ")
                        .append(p.settings().lingerMs())
                        .append(" ms: ")
                        .append(Fmt.rate(produce.apply(p)))
                        .append("/s");
                if (i == 0) {
                    continue;
                }
                PhaseSpread prev = sorted.get(i - 1);
                if (prev.settings().lingerMs() == p.settings().lingerMs()) {
                    continue;
                }
                double a = produce.apply(prev);
                double b = produce.apply(p);
                if (!(b < a)) {
                    failures.add("from linger.ms " + prev.settings().lingerMs() + " (" + prev.name() + ", "
                            + Fmt.rate(a)
                            + "/s) to " + p.settings().lingerMs() + " (" + p.name() + ", " + Fmt.rate(b) + "/s) they "
                            + (b == a
                                    ? "stayed the same"
                                    : "rose " + Fmt.relative(b, a).replace(" higher", "")));
                }
            }
            if (sorted.stream().map(p -> p.settings().lingerMs()).distinct().count() > 1) {
                steps.add(chain.toString());
            }
        }
        if (steps.isEmpty()) {
            return new Sanity(
                    "Sanity check not possible: no two phases differ only in linger.ms and have produce request rates from Prometheus.",
                    null);
        }
        if (failures.isEmpty()) {
            return new Sanity(
                    "Sanity check passed: produce requests/s fell at every linger step (" + String.join("; ", steps)
                            + ").",
                    true);
        }
        return new Sanity(
                "Sanity check FAILED: produce requests/s should fall as linger.ms rises, but "
                        + String.join("; ", failures)
                        + ". Do not trust this run's comparison until that is explained (did the producer apply each setting? did Prometheus scrape the brokers in every phase?).",
                false);
    }

    public static String caveat(int cores) {
        return "All processes (the brokers, both apps, Prometheus and this runner) share this machine's " + cores
                + " cores, so CPU figures include contention between them; settings are compared within this one run only.";
    }

    static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
