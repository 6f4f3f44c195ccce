package dev.latencylab.runner.results.summary;

import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.api.settings.ProcessingOrder;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The reading of a run's drains: which consumer mode gave the most records per CPU-second, and
 * what the fastest cost against it. Every sentence is computed from the figures; summary.md's
 * "Draining a backlog" table shows the same ratios.
 */
public final class DrainReading {

    private DrainReading() {}

    /** Which drain gave the most records per CPU-second, and what the fastest costs against it. */
    static String read(List<PhaseSummary> drains, PhaseSummary base) {
        Optional<PhaseSummary> thrifty = drains.stream()
                .filter(p -> perCpuSecond(p) != null)
                .max(Comparator.comparingDouble(DrainReading::perCpuSecond));
        Optional<PhaseSummary> fastest = drains.stream()
                .filter(p -> p.drain().recordsPerSecond() != null)
                .max(Comparator.comparingDouble(p -> p.drain().recordsPerSecond()));
        if (thrifty.isEmpty() || fastest.isEmpty()) {
            return "Without consumer CPU or a drain rate for every phase, no mode can be called cheaper than another.";
        }
        PhaseSummary t = thrifty.get();
        PhaseSummary f = fastest.get();
        Double cpuTimes = times(consumerCores(f), consumerCores(base));
        StringBuilder r = new StringBuilder(String.format(
                Locale.ROOT,
                "The fastest drain, %s, processed %sx the records per second of %s %s.",
                f.name(),
                Fmt.ratio(times(f.drain().recordsPerSecond(), base.drain().recordsPerSecond())),
                base.name(),
                cpuTimes == null
                        ? "(the consumer CPU of one of the two was not measured)"
                        : "for " + Fmt.ratio(cpuTimes) + "x its consumer CPU"));
        // A drain whose consumer CPU was not measured may have been cheaper still: "cheapest" is said of those
        // measured.
        List<String> unweighed = drains.stream()
                .filter(p -> perCpuSecond(p) == null)
                .map(PhaseSummary::name)
                .toList();
        String ofMeasured = unweighed.isEmpty()
                ? ""
                : " of the drains whose consumer CPU was measured (not " + String.join(", ", unweighed) + ")";
        if (t == f && keepsNoKeyOrder(f)) {
            r.append(" It was also the cheapest per record" + ofMeasured + ": the one to pick where no key's records"
                    + " must be processed in order.");
        } else if (t == f) {
            r.append(" It was also the cheapest per record" + ofMeasured + ": the one to pick, CPU-conscious or not.");
        } else if (perCpuSecond(f) == null) {
            r.append(String.format(
                    Locale.ROOT,
                    " The most records per CPU-second came from %s (%s); the fastest's CPU was not measured (a drain"
                            + " shorter than two Prometheus scrapes), so the two cannot be weighed.",
                    t.name(),
                    t.drain().consumer()));
        } else {
            r.append(String.format(
                    Locale.ROOT,
                    " The most records per CPU-second%s came from %s (%s, %s rec/s at %s cores): a CPU-conscious"
                            + " choice, giving up %s of the fastest rate for %s less CPU per record.",
                    ofMeasured,
                    t.name(),
                    t.drain().consumer(),
                    Fmt.rate(t.drain().recordsPerSecond()),
                    Fmt.cores(consumerCores(t)),
                    Fmt.percent(1 - t.drain().recordsPerSecond() / f.drain().recordsPerSecond()),
                    Fmt.percent(1 - perCpuSecond(f) / perCpuSecond(t))));
        }
        r.append(orderLost(f));
        if (t != f) {
            r.append(orderLost(t));
        }
        r.append(" One machine with two cores runs brokers, producer and consumer: a drain's CPU is taken from the"
                + " brokers serving it, so compare modes within this run only.");
        return r.toString();
    }

    /**
     * Whether the phase's consumer mode keeps no key's records in order: a share group, or workers
     * taking any record. A mode, not a count: a run in which such a mode happened to lose no key's
     * order does not make it one that keeps it.
     */
    static boolean keepsNoKeyOrder(PhaseSummary p) {
        return readsAsShareGroup(p) || consumerSetting(p, "processing").startsWith(ProcessingOrder.UNORDERED.label());
    }

    /** Whether the phase's consumer read as a share group (its description's {@code listener}). */
    public static boolean readsAsShareGroup(PhaseSummary p) {
        return p.consumer() != null && p.consumer().shareGroup();
    }

    private static String consumerSetting(PhaseSummary p, String name) {
        return p.consumer() == null ? "" : p.consumer().settings().getOrDefault(name, "");
    }

    /** What per-key order the phase's consumer mode gives up, as a sentence; empty for one that keeps it. */
    private static String orderLost(PhaseSummary p) {
        if (!keepsNoKeyOrder(p)) {
            return "";
        }
        KeyOrder k = p.counts() == null ? null : p.counts().keyOrder();
        if (k == null || k.outOfOrder() == 0) {
            return String.format(
                    Locale.ROOT,
                    " %s keeps no key's records in order, though none was processed out of order here.",
                    p.name());
        }
        return String.format(
                Locale.ROOT,
                " %s keeps no key's records in order: it processed a record after a later one of the same key for %d"
                        + " of its %d keys with two records or more.",
                p.name(),
                k.outOfOrder(),
                k.repeated());
    }

    /** The consumer-app's CPU over the phase, in cores. */
    public static Double consumerCores(PhaseSummary p) {
        return p.cpuCores() == null ? null : p.cpuCores().consumer();
    }

    /** Records drained per second of consumer CPU. */
    public static Double perCpuSecond(PhaseSummary p) {
        Double cores = consumerCores(p);
        Double rate = p.drain().recordsPerSecond();
        return cores == null || rate == null || cores <= 0 ? null : rate / cores;
    }

    /** How many times {@code base} the value is; null when either is unknown or the base is zero. */
    public static Double times(Double value, Double base) {
        return value == null || base == null || base == 0 ? null : value / base;
    }
}
