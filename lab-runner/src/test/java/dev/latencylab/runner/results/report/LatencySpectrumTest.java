package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.core.latency.HistogramPercentiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencySpectrumTest {

    @TempDir
    Path dir;

    @Test
    void eachPhaseGetsHdrHistogramsOwnPercentileOutputInMillisecondsAndTheSpectrumIsDrawnFromTheFolder()
            throws Exception {
        // 10,000 samples of 1..10,000 µs: the median is 5 ms; corrected is 2 ms later throughout.
        Histogram latency = HistogramPercentiles.newMicrosHistogram();
        Histogram corrected = HistogramPercentiles.newMicrosHistogram();
        for (int us = 1; us <= 10_000; us++) {
            latency.recordValue(us);
            corrected.recordValue(us + 2_000);
        }
        LatencySpectrum.write(
                dir,
                List.of(new LatencySpectrum.Entry(
                        "linger-5#2", HistogramPercentiles.encode(latency), HistogramPercentiles.encode(corrected))));

        Path hgrm = dir.resolve("histograms/01-linger-5_2.hgrm");
        assertThat(valueAt(hgrm, 0.5)).isCloseTo(5.0, within(0.01));
        assertThat(valueAt(dir.resolve("histograms/01-linger-5_2.corrected.hgrm"), 0.5))
                .isCloseTo(7.0, within(0.01));
        assertThat(Files.readString(hgrm)).contains("#[Mean").contains("#[Max");

        Path png = dir.resolve(LatencySpectrum.CHART);
        long drawing = System.nanoTime();
        assertThat(LatencySpectrum.draw(dir, png)).isTrue();
        System.out.printf("spectrum drawn in %d ms%n", (System.nanoTime() - drawing) / 1_000_000);
        assertThat(Files.size(png)).isPositive();
    }

    @Test
    void aFolderWithoutHistogramsDrawsNothing() throws Exception {
        LatencySpectrum.write(dir, List.of());

        assertThat(LatencySpectrum.draw(dir, dir.resolve(LatencySpectrum.CHART)))
                .isFalse();
        assertThat(dir.resolve("histograms")).doesNotExist();
    }

    @Test
    void theAxisIsLabelledInPercentiles() {
        assertThat(LatencySpectrum.percentileLabel(0)).isEqualTo("0 %");
        assertThat(LatencySpectrum.percentileLabel(1)).isEqualTo("90 %");
        assertThat(LatencySpectrum.percentileLabel(3)).isEqualTo("99.9 %");
        assertThat(LatencySpectrum.percentileLabel(4)).isEqualTo("99.99 %");
        assertThat(LatencySpectrum.percentileLabel(2.5)).isEmpty();
    }

    /** The value of the first line of an .hgrm file at or past {@code percentile} (0..1). */
    private static double valueAt(Path hgrm, double percentile) throws Exception {
        for (String line : Files.readAllLines(hgrm)) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && !line.startsWith("#") && f[0].matches("[0-9.]+") && f[1].matches("[0-9.]+")) {
                if (Double.parseDouble(f[1]) >= percentile) {
                    return Double.parseDouble(f[0]);
                }
            }
        }
        throw new AssertionError(String.format(Locale.ROOT, "no line at %.3f in %s", percentile, hgrm));
    }
}
