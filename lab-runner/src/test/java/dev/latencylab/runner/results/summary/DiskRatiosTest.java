package dev.latencylab.runner.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.SettingsChange;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiskRatiosTest {

    @Test
    void eachCodecIsComparedWithNoneAtItsOwnLinger() {
        List<PhaseSummary> filled = DiskRatios.fill(List.of(
                Phases.onDisk("none-0", 0, Compression.NONE, 600_000, 1_000),
                Phases.onDisk("zstd-0", 0, Compression.ZSTD, 450_000, 1_000),
                Phases.onDisk("none-20", 20, Compression.NONE, 480_000, 1_000),
                Phases.onDisk("zstd-20", 20, Compression.ZSTD, 120_000, 1_000),
                Phases.onDisk("lz4-5", 5, Compression.LZ4, 200_000, 1_000)));

        assertThat(filled.get(0).disk().ratioToNone()).isEqualTo(1.0);
        assertThat(filled.get(1).disk().ratioToNone()).isEqualTo(0.75);
        assertThat(filled.get(3).disk().ratioToNone()).isEqualTo(0.25);
        // No uncompressed phase at linger 5: no ratio rather than one against another linger.
        assertThat(filled.get(4).disk().ratioToNone()).isNull();
    }

    @Test
    void aPhaseInTransactionsIsComparedWithNoneInTheSameTransactions() {
        PhaseSummary plain = Phases.onDisk("none", 5, Compression.NONE, 500_000, 1_000);
        PhaseSummary transactional = inTransactions(Phases.onDisk("none-tx", 5, Compression.NONE, 550_000, 1_000));
        PhaseSummary zstdInTransactions = inTransactions(Phases.onDisk("zstd-tx", 5, Compression.ZSTD, 220_000, 1_000));

        List<PhaseSummary> filled = DiskRatios.fill(List.of(plain, transactional, zstdInTransactions));

        // Against none without transactions, whose records carry no markers, 0.44 would flatter the codec.
        assertThat(filled.get(2).disk().ratioToNone()).isEqualTo(0.4);
        assertThat(DiskRatios.fill(List.of(plain, zstdInTransactions))
                        .get(1)
                        .disk()
                        .ratioToNone())
                .as("no ratio rather than one against another producer")
                .isNull();
    }

    private static PhaseSummary inTransactions(PhaseSummary p) {
        return Phases.withSettings(
                p,
                p.settings()
                        .apply(SettingsChange.read(Map.of("transactionMs", 10)).settings()));
    }
}
