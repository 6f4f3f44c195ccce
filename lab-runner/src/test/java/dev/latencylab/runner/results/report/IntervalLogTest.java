package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.core.latency.HistogramPercentiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each phase's .hlog, read back by HdrHistogram's own reader and processor: the phase's histogram, over its window. */
class IntervalLogTest {

    private static final Instant FROM = Instant.parse("2026-11-21T23:50:10.250Z");
    private static final Instant TO = FROM.plusSeconds(50);

    @TempDir
    Path dir;

    @Test
    void eachPhasesLogHoldsItsHistogramAsOneIntervalOverItsWindow() throws Exception {
        // A long tail: 9,900 samples of 1..9,900 µs, 100 of 50..99 ms.
        Histogram latency = HistogramPercentiles.newMicrosHistogram();
        for (int us = 1; us <= 9_900; us++) {
            latency.recordValue(us);
        }
        for (int ms = 50; ms < 150; ms++) {
            latency.recordValue(ms * 1000L);
        }
        Histogram corrected = latency.copy();
        corrected.recordValue(400_000);
        LatencySpectrum.write(
                dir,
                List.of(new LatencySpectrum.Entry(
                        "linger-5#2",
                        HistogramPercentiles.encode(latency),
                        HistogramPercentiles.encode(corrected),
                        FROM,
                        TO)));

        assertReadsBackAs(dir.resolve("histograms/01-linger-5_2.hlog"), latency);
        assertReadsBackAs(dir.resolve("histograms/01-linger-5_2.corrected.hlog"), corrected);
    }

    @Test
    void hdrHistogramsOwnProcessorSummarisesItAsTheHgrmDoes() throws Exception {
        Histogram latency = HistogramPercentiles.newMicrosHistogram();
        for (int us = 1; us <= 10_000; us++) {
            latency.recordValue(us);
        }
        Path log = dir.resolve("phase.hlog");
        IntervalLog.write(log, latency, FROM, TO);

        String out = dir.resolve("processed").toString();
        new HistogramLogProcessor(new String[] {"-i", log.toString(), "-o", out, "-outputValueUnitRatio", "1"}).run();

        assertThat(Files.readString(Path.of(out + ".hgrm")))
                .contains("#[Max     =    10007.000, Total count    =        10000]");
    }

    private static void assertReadsBackAs(Path file, Histogram source) throws Exception {
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            Histogram read = (Histogram) reader.nextIntervalHistogram();
            assertThat(reader.nextIntervalHistogram()).as("one interval").isNull();

            assertThat(read.getTotalCount()).isEqualTo(source.getTotalCount());
            for (double p : new double[] {50, 90, 99, 99.9, 99.99, 100}) {
                assertThat(read.getValueAtPercentile(p)).as("p%s", p).isEqualTo(source.getValueAtPercentile(p));
            }
            assertThat(read.getMaxValue()).isEqualTo(source.getMaxValue());
            assertThat(read).isEqualTo(source);
            assertThat(read.getStartTimeStamp()).isEqualTo(FROM.toEpochMilli());
            assertThat(read.getEndTimeStamp()).isEqualTo(TO.toEpochMilli());
        }
    }
}
