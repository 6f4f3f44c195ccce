package dev.latencylab.runner.results.summary;

import static dev.latencylab.runner.results.summary.Phases.cell;
import static dev.latencylab.runner.results.summary.Phases.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsGridTest {

    private static SettingsGrid grid(List<PhaseSummary> rows) {
        return SettingsGrid.of(Phases.repeated(1, rows)).orElseThrow();
    }

    @Test
    void lingerByCompressionPhasesFormAGridWithAMissingCellLeftEmpty() {
        // linger 20 has no zstd phase.
        SettingsGrid g = grid(List.of(
                cell(0, Compression.ZSTD, 9.0, 0.3, 450.0),
                cell(0, Compression.NONE, 8.0, 0.2, 1000.0),
                cell(0, Compression.GZIP, 12.0, 0.4, 430.0),
                cell(20, Compression.NONE, 20.0, 0.1, 990.0),
                cell(20, Compression.GZIP, 24.0, 0.2, 400.0)));

        assertThat(g.lingers()).containsExactly(0, 20);
        assertThat(g.codecs()).containsExactly(Compression.NONE, Compression.GZIP, Compression.ZSTD);
        assertThat(g.median(0, Compression.GZIP, Figures.P99)).isEqualTo(12.0);
        assertThat(g.median(20, Compression.GZIP, Figures.DISK_BYTES_PER_RECORD))
                .isEqualTo(400.0);
        assertThat(g.at(20, Compression.ZSTD)).isNull();
        assertThat(g.median(20, Compression.ZSTD, Figures.P99)).isNull();
    }

    @Test
    void aCellIsTheMedianOverItsRepeats() {
        SettingsGrid g = SettingsGrid.of(Phases.repeated(
                        3,
                        List.of(
                                repeat(cell(0, Compression.GZIP, 10.0, 0.4, 430.0), 1),
                                repeat(cell(0, Compression.GZIP, 12.0, 0.4, 430.0), 2),
                                repeat(cell(0, Compression.GZIP, 30.0, 0.4, 430.0), 3),
                                repeat(cell(0, Compression.NONE, 8.0, 0.2, 1000.0), 1),
                                repeat(cell(5, Compression.NONE, 9.0, 0.2, 1000.0), 1),
                                repeat(cell(5, Compression.GZIP, 11.0, 0.4, 430.0), 1))))
                .orElseThrow();

        assertThat(g.median(0, Compression.GZIP, Figures.P99)).isEqualTo(12.0);
    }

    @Test
    void aLingerSweepIsNoGrid() {
        assertThat(SettingsGrid.of(Phases.repeated(1, Phases.sweep()))).isEmpty();
    }

    @Test
    void phasesThatDifferInAnotherSettingAreNoGrid() {
        assertNoGridWith(Phases.withSettings(
                cell(20, Compression.GZIP, 24.0, 0.2, 400.0),
                new ProducerSettings(20, 16384, Compression.GZIP, 5000, 1024, KeyStrategy.ORDER_ID)));
    }

    @Test
    void topicsOfDifferentPartitionCountsAreNoGrid() {
        assertNoGridWith(Phases.onOwnTopic(cell(20, Compression.GZIP, 24.0, 0.2, null), 10, 400.0));
    }

    /** Three cells of a grid and a fourth that would complete it were it not for how it differs. */
    private static void assertNoGridWith(PhaseSummary odd) {
        List<PhaseSummary> rows = List.of(
                cell(0, Compression.NONE, 8.0, 0.2, 1000.0),
                cell(0, Compression.GZIP, 12.0, 0.4, 430.0),
                cell(20, Compression.NONE, 20.0, 0.1, 990.0),
                odd);

        assertThat(SettingsGrid.of(Phases.repeated(1, rows))).isEmpty();
        assertThat(SettingsGrid.of(Phases.repeated(1, rows.subList(0, 3)))).isPresent();
    }

    @Test
    void oneCodecAtEveryLingerIsNoGrid() {
        List<PhaseSummary> rows = List.of(
                cell(0, Compression.ZSTD, 8.0, 0.2, 400.0),
                cell(5, Compression.ZSTD, 12.0, 0.4, 430.0),
                cell(20, Compression.ZSTD, 20.0, 0.1, 390.0));

        assertThat(SettingsGrid.of(Phases.repeated(1, rows))).isEmpty();
    }

    @Test
    void aCodecLevelIsShownWithTheCodec() {
        PhaseSummary zstd19 = Phases.withSettings(
                cell(0, Compression.ZSTD, 9.0, 0.3, 450.0),
                new ProducerSettings(0, 16384, Compression.ZSTD, 2000, 1024, KeyStrategy.ORDER_ID)
                        .apply(SettingsChange.read(Map.of("compressionLevel", 19, "payload", "words"))));
        SettingsGrid g = grid(List.of(
                cell(0, Compression.NONE, 8.0, 0.2, 1000.0), zstd19, cell(5, Compression.NONE, 8.0, 0.2, 1000.0)));

        assertThat(g.label(Compression.ZSTD)).isEqualTo("zstd level 19");
        assertThat(g.label(Compression.NONE)).isEqualTo("none");
    }
}
