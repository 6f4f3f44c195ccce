package dev.latencylab.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiskRatiosTest {

    private static PhaseSummary cell(String name, int linger, Compression codec, long bytes, long records) {
        PhaseSummary p = Phases.withoutPrometheus(name, linger, 2.0, 5.0);
        ProducerSettings s = p.settings();
        return Phases.withSettings(
                        p,
                        new ProducerSettings(
                                s.lingerMs(), s.batchSize(), codec, s.rate(), s.payloadBytes(), s.keyStrategy()))
                .withDisk(
                        new PhaseSummary.Disk("lab.orders." + name, 3, bytes, records, (double) bytes / records, null));
    }

    @Test
    void eachCodecIsComparedWithNoneAtItsOwnLinger() {
        List<PhaseSummary> filled = DiskRatios.fill(List.of(
                cell("none-0", 0, Compression.NONE, 600_000, 1_000),
                cell("zstd-0", 0, Compression.ZSTD, 450_000, 1_000),
                cell("none-20", 20, Compression.NONE, 480_000, 1_000),
                cell("zstd-20", 20, Compression.ZSTD, 120_000, 1_000),
                cell("lz4-5", 5, Compression.LZ4, 200_000, 1_000)));

        assertThat(filled.get(0).disk().ratioToNone()).isEqualTo(1.0);
        assertThat(filled.get(1).disk().ratioToNone()).isEqualTo(0.75);
        assertThat(filled.get(3).disk().ratioToNone()).isEqualTo(0.25);
        // No uncompressed phase at linger 5: no ratio rather than one against another linger.
        assertThat(filled.get(4).disk().ratioToNone()).isNull();
        assertThat(DiskTable.render(filled, "##"))
                .contains("| zstd-20 | zstd | default | 20 | words | 1000 | 0.11 | 120.0 | 0.250 |");
    }
}
