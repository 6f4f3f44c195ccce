package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.results.summary.TradeOffReading;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartitionTableTest {

    @Test
    void aRunOfOnePartitionCountHasNoPartitionsTable() {
        RunSummary matrix = Phases.repeated(
                1,
                List.of(
                        Phases.cell(0, Compression.NONE, 8.0, 0.2, 1000.0),
                        Phases.cell(0, Compression.GZIP, 9.0, 0.3, 430.0)));

        assertThat(PartitionTable.render(matrix, "##")).isEmpty();
    }

    @Test
    void thePartitionsTableHasARowPerPartitionCountOfEachFamily() {
        // As a real run writes them: every phase's topic measured, compression none, so a ratio of 1 to none.
        RunSummary s = Phases.repeated(
                1,
                Phases.partitions(new double[] {20_000, 30_000, 31_000}, new double[] {20.0, 12.0, 30.0}).stream()
                        .map(p -> Phases.withRatioToNone(p, 1.0))
                        .toList());

        String md = MarkdownReport.render(s, List.of());

        assertThat(md)
                .contains("## Partitions")
                .contains("| partitions | keys | target rec/s | phase | acked rec/s | e2e p50 ms | e2e p99 ms | "
                        + "e2e max ms | publish delay p99 ms | records/request | brokers CPU |\n"
                        + "|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
                        + "| 1 | keyed (order-id) | unthrottled | p1-keyed-unthrottled |")
                .contains("| 10 | keyed (order-id) | unthrottled | p10-keyed-unthrottled | 30000 | 200 | 800 | 1600 "
                        + "| 300 | 7.00 | 0.90 |")
                .contains(
                        "| 100 | keyless | 2000 | p100-keyless-2000 | 2000 | 7.50 | 30.0 | 60.0 | 2.00 | 7.00 | 0.90 |");
        assertThat(TradeOffReading.read(s).paragraph())
                .contains("adding partitions stops paying after 10 for keyed (order-id)")
                .doesNotContain("End-to-end p99 moved with the codec")
                .doesNotContain("The codecs are compared");
    }
}
