package dev.latencylab.runner.results.report;

import static dev.latencylab.runner.results.summary.Phases.cell;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.results.summary.SettingsGrid;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeatMapWriterTest {

    /** linger 0 and 20 x none, gzip, zstd; no zstd phase at linger 20, and none at 20 without a size on disk. */
    private static RunSummary matrix() {
        return Phases.repeated(
                1,
                Phases.withDiskRatios(List.of(
                        cell(0, Compression.NONE, 8.0, 0.20, 1000.0),
                        cell(0, Compression.GZIP, 12.0, 0.40, 430.0),
                        cell(0, Compression.ZSTD, 9.0, 0.30, 450.0),
                        cell(20, Compression.NONE, 20.0, 0.10, null),
                        cell(20, Compression.GZIP, 24.0, 0.25, 400.0))));
    }

    @Test
    void aLingerByCompressionRunGetsBothHeatMaps(@TempDir Path dir) throws IOException {
        String md = new ResultsWriter().render(dir, matrix(), null);

        ChartWriterTest.assertValidPng(dir.resolve("disk-ratio-heatmap.png"));
        ChartWriterTest.assertValidPng(dir.resolve("e2e-p99-heatmap.png"));
        assertThat(md)
                .contains("![disk-ratio-heatmap](disk-ratio-heatmap.png)")
                .contains("![e2e-p99-heatmap](e2e-p99-heatmap.png)")
                .doesNotContain("## Warnings");
    }

    @Test
    void aLingerSweepGetsNeitherAndNoWarning(@TempDir Path dir) throws IOException {
        RunSummary sweep = Phases.repeated(1, Phases.sweep());

        String md = new ResultsWriter().render(dir, sweep, null);

        assertThat(dir.resolve("disk-ratio-heatmap.png")).doesNotExist();
        assertThat(dir.resolve("e2e-p99-heatmap.png")).doesNotExist();
        assertThat(md).doesNotContain("heatmap").doesNotContain("## Warnings");
    }

    @Test
    void aCellWithoutAValueIsLeftEmptyNeverZero() {
        SettingsGrid g = SettingsGrid.of(matrix()).orElseThrow();

        // Columns: linger 0, 20; rows bottom up: zstd, gzip, none.
        HeatMapWriter.Layout ratio = HeatMapWriter.layout(g, Figures.DISK_RATIO);
        HeatMapWriter.Layout p99 = HeatMapWriter.layout(g, Figures.P99);

        // zstd never ran at linger 20; none ran there without a size on disk, so gzip has no ratio there either.
        assertThat(ratio.gaps())
                .containsExactlyInAnyOrder(
                        new HeatMapGaps.Gap(1, 0), new HeatMapGaps.Gap(1, 1), new HeatMapGaps.Gap(1, 2));
        assertThat(p99.gaps()).containsExactly(new HeatMapGaps.Gap(1, 0));
        assertThat(p99.cells()).hasSize(5).noneMatch(c -> c[0].intValue() == 1 && c[1].intValue() == 0);
        assertThat(ratio.cells())
                .extracting(c -> c[2].doubleValue())
                .containsExactlyInAnyOrder(0.45, 0.43, 1.0)
                .doesNotContain(0.0);
    }

    @Test
    void aGridWithoutAnySizeOnDiskDrawsTheLatencyMapAndSaysWhyNotTheOther(@TempDir Path dir) throws IOException {
        RunSummary noDisk = Phases.repeated(
                1,
                List.of(
                        cell(0, Compression.NONE, 8.0, 0.20, null),
                        cell(0, Compression.LZ4, 9.0, 0.22, null),
                        cell(5, Compression.NONE, 10.0, 0.20, null),
                        cell(5, Compression.LZ4, 11.0, 0.22, null)));

        String md = new ResultsWriter().render(dir, noDisk, null);

        assertThat(dir.resolve("disk-ratio-heatmap.png")).doesNotExist();
        ChartWriterTest.assertValidPng(dir.resolve("e2e-p99-heatmap.png"));
        assertThat(md).contains("disk-ratio-heatmap.png not drawn: no phase of the linger.ms x compression grid has");
    }
}
