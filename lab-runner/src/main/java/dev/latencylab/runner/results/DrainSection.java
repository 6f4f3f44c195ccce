package dev.latencylab.runner.results;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The "Draining a backlog" section of summary.md: per phase that drained a backlog, the consumer
 * settings, the drain rate and what it cost (consumer CPU, commit requests), each against the
 * first such phase, and e2e latency of the drained records. Which mode gives the most records per
 * CPU-second is said in the run's reading ({@link #reading}). Every sentence is computed from the
 * figures.
 */
final class DrainSection {

    private DrainSection() {}

    static String render(List<PhaseSummary> phases) {
        return MarkdownReport.section(phases, p -> p.drain() != null, DrainSection::write);
    }

    private static String write(List<PhaseSummary> drains) {
        PhaseSummary base = drains.get(0);
        StringBuilder b = new StringBuilder("## Draining a backlog\n\n")
                .append("Each phase piled up its backlog with the consumer paused, then resumed it with the consumer")
                .append(" settings shown; the drain runs from the resume to the last record processed. Consumed")
                .append(" means processed (e2e is send to end of processing, so it includes the time in the")
                .append(" backlog). Ratios are against the first phase, ")
                .append(base.name())
                .append(". Consumer CPU is the consumer-app process over the drain (Prometheus).\n\n")
                .append("| phase | consumer | backlog | drained | s | rec/s | x rate | consumer cores | x CPU |"
                        + " rec per CPU-s | commits/s | e2e p50 ms | e2e p99 ms |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (PhaseSummary p : drains) {
            PhaseSummary.Drain d = p.drain();
            b.append(MarkdownTable.row(
                    p.tag(),
                    d.consumer() == null ? Fmt.NA : d.consumer(),
                    d.backlog(),
                    d.drained(),
                    MarkdownTable.fixed(d.seconds(), 1),
                    Fmt.rate(d.recordsPerSecond()),
                    Fmt.ratio(times(d.recordsPerSecond(), base.drain().recordsPerSecond())),
                    Fmt.cores(consumerCores(p)),
                    Fmt.ratio(times(consumerCores(p), consumerCores(base))),
                    Fmt.rate(perCpuSecond(p)),
                    Fmt.rate(
                            p.requestsPerSecond() == null
                                    ? null
                                    : p.requestsPerSecond().offsetCommit()),
                    Fmt.ms(p.latencyMs().p50()),
                    Fmt.ms(p.latencyMs().p99())));
        }
        b.append("\nThe reading below weighs the rates against the CPU.\n\n");
        return b.toString();
    }

    /** Which drain gave the most records per CPU-second, and what the fastest costs against it. */
    static String reading(List<PhaseSummary> drains, PhaseSummary base) {
        Optional<PhaseSummary> thrifty = drains.stream()
                .filter(p -> perCpuSecond(p) != null)
                .max(Comparator.comparingDouble(DrainSection::perCpuSecond));
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
        if (t == f) {
            r.append(" It was also the cheapest per record: the one to pick, CPU-conscious or not.");
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
                    " The most records per CPU-second came from %s (%s, %s rec/s at %s cores): a CPU-conscious"
                            + " choice, giving up %s of the fastest rate for %s less CPU per record.",
                    t.name(),
                    t.drain().consumer(),
                    Fmt.rate(t.drain().recordsPerSecond()),
                    Fmt.cores(consumerCores(t)),
                    Fmt.percent(1 - t.drain().recordsPerSecond() / f.drain().recordsPerSecond()),
                    Fmt.percent(1 - perCpuSecond(f) / perCpuSecond(t))));
        }
        r.append(" One machine with two cores runs brokers, producer and consumer: a drain's CPU is taken from the"
                + " brokers serving it, so compare modes within this run only.");
        return r.toString();
    }

    private static Double consumerCores(PhaseSummary p) {
        return p.cpuCores() == null ? null : p.cpuCores().consumer();
    }

    /** Records drained per second of consumer CPU. */
    static Double perCpuSecond(PhaseSummary p) {
        Double cores = consumerCores(p);
        Double rate = p.drain().recordsPerSecond();
        return cores == null || rate == null || cores <= 0 ? null : rate / cores;
    }

    private static Double times(Double value, Double base) {
        return value == null || base == null || base == 0 ? null : value / base;
    }
}
