package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiskTableTest {

    @Test
    void eachPhaseOnItsOwnTopicHasARowWithItsRatioToNone() {
        List<PhaseSummary> filled = Phases.withDiskRatios(List.of(
                Phases.onDisk("none-0", 0, Compression.NONE, 600_000, 1_000),
                Phases.onDisk("zstd-0", 0, Compression.ZSTD, 450_000, 1_000),
                Phases.onDisk("none-20", 20, Compression.NONE, 480_000, 1_000),
                Phases.onDisk("zstd-20", 20, Compression.ZSTD, 120_000, 1_000),
                Phases.onDisk("lz4-5", 5, Compression.LZ4, 200_000, 1_000)));

        assertThat(DiskTable.render(filled, "##"))
                .startsWith("## Size on disk\n\n")
                .contains(
                        "| phase | codec | level | linger.ms | payload | records | MiB on disk | B/record | ratio to none"
                                + " | records/request | e2e p50 ms | e2e p99 ms | producer CPU | brokers CPU |\n"
                                + "|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                                + "| none-0 | none | default | 0 | words | 1000 | 0.57 | 600.0 | 1.000 |")
                .contains("| zstd-20 | zstd | default | 20 | words | 1000 | 0.11 | 120.0 | 0.250 |");
    }
}
