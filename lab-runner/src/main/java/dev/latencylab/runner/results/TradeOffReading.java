package dev.latencylab.runner.results;

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
 */
public final class TradeOffReading {

    /** Below this share of the target rate a phase is called out as not keeping up. */
    private static final double RATE_SHORTFALL = 0.98;
    /** Corrected p99 this many times the naive p99 means the producer fell behind its schedule. */
    private static final double OMISSION_FACTOR = 1.5;
    /** Share of the machine's cores the lab's processes use at which a phase is called CPU-bound. */
    private static final double SATURATED = 0.75;

    private TradeOffReading() {}

    public static RunSummary.Reading read(List<PhaseSummary> phases, int cores) {
        return read(phases, null, cores);
    }

    /** As {@link #read(List, int)}, and the run's totals (null if unknown) say whether anything was lost outside the windows. */
    public static RunSummary.Reading read(List<PhaseSummary> phases, RunSummary.Totals totals, int cores) {
        Sanity sanity = sanity(phases);
        String paragraph = paragraph(phases);
        for (String extra : new String[] {saturated(phases, cores), outsideWindows(phases, totals)}) {
            if (extra != null) {
                paragraph = paragraph + " " + extra;
            }
        }
        return new RunSummary.Reading(paragraph, sanity.text(), sanity.passed(), caveat(cores));
    }

    /**
     * Phases whose processes alone kept most of the machine's cores busy: there the run measures a
     * CPU queue as much as a producer setting (the article's "turning up the heat" case).
     */
    static String saturated(List<PhaseSummary> phases, int cores) {
        if (cores <= 0) {
            return null;
        }
        List<String> busy = phases.stream()
                .filter(p -> p.cpuCores().total() != null && p.cpuCores().total() >= SATURATED * cores)
                .map(p -> p.name() + " (" + Fmt.cores(p.cpuCores().total()) + " of " + cores + " cores, "
                        + Fmt.percent(p.cpuCores().total() / cores) + ")")
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
        long lost = phases.stream()
                .map(PhaseSummary::lost)
                .filter(Objects::nonNull)
                .mapToLong(Long::longValue)
                .sum();
        long dup = phases.stream()
                .map(PhaseSummary::duplicated)
                .filter(Objects::nonNull)
                .mapToLong(Long::longValue)
                .sum();
        if (totals.lost() <= lost && totals.duplicated() <= dup) {
            return null;
        }
        return "Over the whole run (warm-ups included) the consumer counted " + totals.lost() + " lost and "
                + totals.duplicated() + " duplicated records, " + (totals.lost() - lost) + " lost and "
                + (totals.duplicated() - dup) + " duplicated of them outside the measured windows.";
    }

    static String paragraph(List<PhaseSummary> phases) {
        if (phases.isEmpty()) {
            return "No phase was measured, so there is nothing to read.";
        }
        if (phases.size() == 1) {
            PhaseSummary p = phases.get(0);
            return "Only one phase (" + p.name() + ") was measured, so there is no trade-off to read: e2e p50 "
                    + Fmt.ms(p.latencyMs().p50()) + " ms, p99 "
                    + Fmt.ms(p.latencyMs().p99()) + " ms.";
        }
        PhaseSummary base = phases.stream()
                .filter(p -> p.settings().lingerMs() == 0)
                .findFirst()
                .orElse(phases.get(0));
        List<String> s = new ArrayList<>();
        s.add("Against the baseline " + base.name() + " (linger.ms "
                + base.settings().lingerMs() + "):");
        s.add(lowest(
                phases,
                base,
                "median (p50) end-to-end latency",
                p -> p.latencyMs().p50(),
                Fmt::ms,
                " ms"));
        s.add(lowest(phases, base, "p99 latency", p -> p.latencyMs().p99(), Fmt::ms, " ms"));
        s.add(lowest(
                phases,
                base,
                "total CPU (producer + consumer + brokers)",
                p -> p.cpuCores().total(),
                Fmt::cores,
                " cores"));
        s.add(lowest(
                phases,
                base,
                "the produce request rate",
                p -> p.requestsPerSecond().produce(),
                Fmt::rate,
                "/s"));
        s.add(compression(phases, base));
        s.add(rates(phases));
        s.add(losses(phases));
        String omission = omission(phases);
        if (omission != null) {
            s.add(omission);
        }
        return String.join(" ", s);
    }

    private static String lowest(
            List<PhaseSummary> phases,
            PhaseSummary base,
            String what,
            Function<PhaseSummary, Double> value,
            Function<Double, String> fmt,
            String unit) {
        List<PhaseSummary> known =
                phases.stream().filter(p -> value.apply(p) != null).toList();
        if (known.isEmpty()) {
            return capitalize(what) + ": n/a in every phase.";
        }
        if (known.size() == 1) {
            PhaseSummary only = known.get(0);
            return capitalize(what) + " is known only for " + only.name() + " (" + fmt.apply(value.apply(only)) + unit
                    + ").";
        }
        PhaseSummary best = known.stream().min(Comparator.comparing(value)).orElseThrow();
        double bv = value.apply(best);
        String head = capitalize(what) + " was lowest in " + best.name() + " (" + fmt.apply(bv) + unit + ")";
        Double baseValue = value.apply(base);
        if (best == base) {
            PhaseSummary next = known.stream()
                    .filter(p -> p != base)
                    .min(Comparator.comparing(value))
                    .orElseThrow();
            double nv = value.apply(next);
            return head + ", the baseline itself; the next best, " + next.name() + " (" + fmt.apply(nv) + unit
                    + "), was " + above(nv, bv) + ".";
        }
        if (baseValue == null) {
            return head + "; " + base.name() + " has no value to compare with.";
        }
        String rel = Fmt.relative(bv, baseValue);
        return head + ", " + (rel.equals("the same") ? "the same as" : rel + " than") + " " + base.name() + "'s "
                + fmt.apply(baseValue) + unit + ".";
    }

    private static String above(double value, double base) {
        String rel = Fmt.relative(value, base);
        if (rel.equals("the same")) {
            return "practically the same";
        }
        return rel.endsWith("x") ? rel + " as much" : rel;
    }

    private static String compression(List<PhaseSummary> phases, PhaseSummary base) {
        Function<PhaseSummary, Double> rate = p -> p.producer().compressionRateAvg();
        List<PhaseSummary> known =
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
                    + " of the raw size).";
        }
        PhaseSummary best = known.stream().min(Comparator.comparing(rate)).orElseThrow();
        Double baseRate = rate.apply(base);
        return "The best compression ratio was in " + best.name() + " ("
                + best.settings().compression() + ", compressed to "
                + Fmt.percent(rate.apply(best)) + " of the raw size"
                + (best == base || baseRate == null
                        ? ")."
                        : ", against " + Fmt.percent(baseRate) + " in " + base.name() + ").");
    }

    private static String rates(List<PhaseSummary> phases) {
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
                        .map(p -> p.name() + " reached only " + Fmt.percent(p.achievedShare()) + " of its target ("
                                + Fmt.rate(p.achievedRate()) + " of "
                                + Fmt.rate(p.settings().rate()) + " records/s)")
                        .collect(Collectors.joining("; "))
                + ": the producer could not keep its schedule there, so those latencies include its backlog.";
    }

    private static String losses(List<PhaseSummary> phases) {
        long lost = phases.stream()
                .map(PhaseSummary::lost)
                .filter(Objects::nonNull)
                .mapToLong(Long::longValue)
                .sum();
        long dup = phases.stream()
                .map(PhaseSummary::duplicated)
                .filter(Objects::nonNull)
                .mapToLong(Long::longValue)
                .sum();
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
                where.put(p.name(), l + " lost, " + d + " duplicated");
            }
        }
        return lost + " records were lost and " + dup + " duplicated ("
                + where.entrySet().stream()
                        .map(e -> e.getKey() + ": " + e.getValue())
                        .collect(Collectors.joining("; ")) + ").";
    }

    private static String omission(List<PhaseSummary> phases) {
        List<String> behind = new ArrayList<>();
        for (PhaseSummary p : phases) {
            Double naive = p.latencyMs().p99();
            Double corrected = p.correctedLatencyMs().p99();
            if (naive != null && corrected != null && naive > 0 && corrected > OMISSION_FACTOR * naive) {
                behind.add(
                        p.name() + " (corrected p99 " + Fmt.ms(corrected) + " ms vs naive " + Fmt.ms(naive) + " ms)");
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

    static Sanity sanity(List<PhaseSummary> phases) {
        // Only phases that differ in linger alone are comparable: a different rate changes requests by itself.
        Map<String, List<PhaseSummary>> groups = phases.stream()
                .filter(p -> p.requestsPerSecond().produce() != null)
                .collect(Collectors.groupingBy(
                        p -> p.settings().batchSize() + "/" + p.settings().compression() + "/"
                                + p.settings().rate() + "/" + p.settings().payloadBytes(),
                        LinkedHashMap::new,
                        Collectors.toList()));
        List<String> steps = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (List<PhaseSummary> group : groups.values()) {
            List<PhaseSummary> sorted = group.stream()
                    .sorted(Comparator.comparingInt(p -> p.settings().lingerMs()))
                    .toList();
            StringBuilder chain = new StringBuilder();
            for (int i = 0; i < sorted.size(); i++) {
                PhaseSummary p = sorted.get(i);
                chain.append(i == 0 ? "" : " -> ")
                        .append(p.settings().lingerMs())
                        .append(" ms: ")
                        .append(Fmt.rate(p.requestsPerSecond().produce()))
                        .append("/s");
                if (i == 0) {
                    continue;
                }
                PhaseSummary prev = sorted.get(i - 1);
                if (prev.settings().lingerMs() == p.settings().lingerMs()) {
                    continue;
                }
                double a = prev.requestsPerSecond().produce();
                double b = p.requestsPerSecond().produce();
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

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
