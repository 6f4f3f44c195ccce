package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.DrainReading;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.List;

/**
 * The "Draining a backlog" section of summary.md: per phase that drained a backlog, the consumer
 * settings, the drain rate and what it cost (consumer CPU, commit requests), each against the
 * first such phase, and e2e latency of the drained records. Which mode gives the most records per
 * CPU-second is said in the run's reading ({@link DrainReading}). Every sentence is computed from the
 * figures.
 */
final class DrainSection {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase | consumer")
            .andFigures("backlog | drained | s | rec/s | x rate | consumer cores | x CPU | rec per CPU-s | commits/s"
                    + " | e2e p50 ms | e2e p99 ms");

    private DrainSection() {}

    static String render(List<PhaseSummary> phases) {
        return MarkdownReport.section(phases, p -> p.drain() != null, DrainSection::write);
    }

    private static String write(List<PhaseSummary> drains) {
        PhaseSummary base = drains.get(0);
        MarkdownSection s = MarkdownSection.titled("Draining a backlog")
                .paragraph("Each phase piled up its backlog with the consumer paused, then resumed it with the consumer"
                        + " settings shown; the drain runs from the resume to the last record processed. Consumed"
                        + " means processed (e2e is send to end of processing, so it includes the time in the"
                        + " backlog). Ratios are against the first phase, " + base.name()
                        + ". Consumer CPU is the consumer-app process over the drain (Prometheus).")
                .table(COLUMNS);
        for (PhaseSummary p : drains) {
            PhaseSummary.Drain d = p.drain();
            s.row(
                    p.tag(),
                    d.consumer() == null ? Fmt.NA : d.consumer(),
                    Fmt.count(d.backlog()),
                    Fmt.count(d.drained()),
                    ReportNumbers.fixed(d.seconds(), 1),
                    Fmt.rate(d.recordsPerSecond()),
                    Fmt.ratio(DrainReading.times(
                            d.recordsPerSecond(), base.drain().recordsPerSecond())),
                    Fmt.cores(DrainReading.consumerCores(p)),
                    Fmt.ratio(DrainReading.times(DrainReading.consumerCores(p), DrainReading.consumerCores(base))),
                    Fmt.rate(DrainReading.perCpuSecond(p)),
                    Fmt.rate(
                            p.requestsPerSecond() == null
                                    ? null
                                    : p.requestsPerSecond().offsetCommit()),
                    Fmt.ms(p.latencyMs().p50()),
                    Fmt.ms(p.latencyMs().p99()));
        }
        return s.endTable()
                .paragraph("The reading below weighs the rates against the CPU.")
                .toString();
    }
}
