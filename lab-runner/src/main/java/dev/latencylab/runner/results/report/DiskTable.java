package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import java.util.List;

/**
 * The "Size on disk" table: per phase that wrote its own topic, the bytes of one replica per
 * partition, per record, and as a ratio to compression none at the same settings, beside what the
 * batching and the latency were, so the codec's saving is read with its cost.
 */
final class DiskTable {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase | codec | level")
            .andFigures("linger.ms")
            .andText("payload")
            .andFigures("records | MiB on disk | B/record | ratio to none | records/request | e2e p50 ms | e2e p99 ms"
                    + " | producer CPU | brokers CPU");

    private DiskTable() {}

    static String render(List<PhaseSummary> phases, String level) {
        return MarkdownReport.section(phases, p -> p.disk() != null, measured -> write(measured, level));
    }

    private static String write(List<PhaseSummary> measured, String level) {
        MarkdownSection s = MarkdownSection.titled(level, "Size on disk")
                .paragraph("Log bytes of one replica per partition (Admin describeLogDirs) after the phase, divided by"
                        + " the records in its topic (warm-up, window and the load until the phase was closed: all"
                        + " with the phase's settings). A phase in transactions has a commit or abort marker at an offset"
                        + " in each partition a transaction wrote: its records are the offsets less those (estimated"
                        + " from the offsets its acknowledged records took), their bytes stay in the bytes. Ratio: to"
                        + " compression none with otherwise the same settings in this run.")
                .table(COLUMNS);
        for (PhaseSummary p : measured) {
            PhaseSummary.Disk d = p.disk();
            s.row(
                    p.tag(),
                    p.settings().compression(),
                    p.settings().compressionLevel() == null
                            ? "default"
                            : p.settings().compressionLevel(),
                    p.settings().lingerMs(),
                    p.settings().payload(),
                    d.records(),
                    ReportNumbers.fixed(d.bytes() / (1024.0 * 1024.0), 2),
                    ReportNumbers.fixed(d.bytesPerRecord(), 1),
                    ReportNumbers.fixed(d.ratioToNone(), 3),
                    p.producer() == null ? Fmt.NA : Fmt.ratio(p.producer().recordsPerRequest()),
                    Fmt.ms(p.latencyMs().p50()),
                    Fmt.ms(p.latencyMs().p99()),
                    Fmt.cores(p.cpuCores() == null ? null : p.cpuCores().producer()),
                    Fmt.cores(p.cpuCores() == null ? null : p.cpuCores().brokersTotal()));
        }
        return s.endTable().toString();
    }
}
