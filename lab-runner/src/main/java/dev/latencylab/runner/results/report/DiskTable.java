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

    private DiskTable() {}

    static String render(List<PhaseSummary> phases, String heading) {
        return MarkdownReport.section(phases, p -> p.disk() != null, measured -> write(measured, heading));
    }

    private static String write(List<PhaseSummary> measured, String heading) {
        StringBuilder b = new StringBuilder(heading + " Size on disk\n\n");
        b.append("Log bytes of one replica per partition (Admin describeLogDirs) after the phase, divided by the"
                + " records in its topic (warm-up, window and the load until the phase was closed: all with the"
                + " phase's settings). Ratio: to compression none with the same linger.ms, batch.size, payload and"
                + " rate in this run.\n\n");
        b.append("| phase | codec | level | linger.ms | payload | records | MiB on disk | B/record | ratio to none"
                + " | records/request | e2e p50 ms | e2e p99 ms | producer CPU | brokers CPU |\n");
        b.append("|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (PhaseSummary p : measured) {
            PhaseSummary.Disk d = p.disk();
            b.append(MarkdownTable.row(
                    p.tag(),
                    p.settings().compression(),
                    p.settings().compressionLevel() == null
                            ? "default"
                            : p.settings().compressionLevel(),
                    p.settings().lingerMs(),
                    p.settings().payload(),
                    d.records(),
                    MarkdownTable.fixed(d.bytes() / (1024.0 * 1024.0), 2),
                    MarkdownTable.fixed(d.bytesPerRecord(), 1),
                    MarkdownTable.fixed(d.ratioToNone(), 3),
                    p.producer() == null ? Fmt.NA : Fmt.ratio(p.producer().recordsPerRequest()),
                    Fmt.ms(p.latencyMs().p50()),
                    Fmt.ms(p.latencyMs().p99()),
                    Fmt.cores(p.cpuCores() == null ? null : p.cpuCores().producer()),
                    Fmt.cores(p.cpuCores() == null ? null : p.cpuCores().brokersTotal())));
        }
        return b.append('\n').toString();
    }
}
