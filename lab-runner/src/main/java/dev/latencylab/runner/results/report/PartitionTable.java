package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PartitionFamilies;
import dev.latencylab.runner.results.summary.PhaseSpread;
import dev.latencylab.runner.results.summary.RunSummary;
import java.util.List;

/**
 * The "Partitions" table: per family of phases alike but for their topic's partition count
 * ({@link PartitionFamilies}), a row per partition count with what adding partitions is about:
 * throughput, e2e latency, publish delay, batching and the brokers' CPU.
 */
final class PartitionTable {

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.figures("partitions")
            .andText("keys | target rec/s | phase")
            .andFigures("acked rec/s | e2e p50 ms | e2e p99 ms | e2e max ms | publish delay p99 ms | records/request"
                    + " | brokers CPU");

    private PartitionTable() {}

    static String render(RunSummary s, String level) {
        List<PartitionFamilies.Family> families = PartitionFamilies.of(s);
        if (families.isEmpty()) {
            return "";
        }
        MarkdownSection md = MarkdownSection.titled(level, "Partitions")
                .paragraph("Phases alike but for their topic's partition count (from its size on disk, else the"
                        + " partitions its records were written to), by keys and rate."
                        + (s.repeats().count() > 1 ? " Each figure: the median over the repeats (min..max)." : "")
                        + " Records / request: the producer client's, over the measured window.")
                .table(COLUMNS);
        for (PartitionFamilies.Family f : families) {
            for (PartitionFamilies.Member st : f.steps()) {
                PhaseSpread p = st.phase();
                md.row(
                        st.partitions(),
                        PartitionFamilies.keys(f.settings()),
                        f.unthrottled() ? "unthrottled" : Fmt.rate(f.settings().rate()),
                        p.name(),
                        p.spread(Figures.ACKED_RATE).shown(Fmt::rate),
                        p.spread(Figures.P50).shown(Fmt::ms),
                        p.spread(Figures.P99).shown(Fmt::ms),
                        p.spread(Figures.MAX).shown(Fmt::ms),
                        p.spread(Figures.DELAY_P99).shown(Fmt::ms),
                        p.spread(Figures.RECORDS_PER_REQUEST).shown(Fmt::ratio),
                        p.spread(Figures.CPU_BROKERS).shown(Fmt::cores));
            }
        }
        return md.endTable().toString();
    }
}
