package dev.latencylab.runner.results.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A phase's histogram as an HdrHistogram interval log ({@code .hlog}), for HistogramLogAnalyzer,
 * HistogramLogProcessor and the other tools of that format.
 *
 * <p>One file per phase and per histogram (naive, corrected), each one untagged interval spanning
 * the phase's measured window, beside the phase's {@code .hgrm}. Not one log of the run with a
 * tagged interval per phase: HistogramLogProcessor reads untagged intervals unless given a tag,
 * a reader that knows no tags would add naive and corrected together, and a log's total would sum
 * phases of different settings into one meaningless distribution. Per phase, every reader sees what
 * the {@code .hgrm} shows. The phase's histograms are whole-window (the consumer keeps one per
 * phase), so the interval is the window: its start time is when the window began.
 */
final class IntervalLog {

    /** The histograms hold microseconds; the log's max column is written in milliseconds, as the report's tables. */
    private static final double MICROS_PER_MS = 1000.0;

    private IntervalLog() {}

    /** Writes the log; {@code from} and {@code to} may be null (an index written before the window was kept): an interval at 0. */
    static void write(Path file, Histogram histogram, Instant from, Instant to) throws IOException {
        long start = from == null ? 0 : from.toEpochMilli();
        long end = to == null ? start : Math.max(start, to.toEpochMilli());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter log = new HistogramLogWriter(out);
            log.outputComment("Kafka Latency Lab: one phase's end-to-end latency over its measured window");
            log.outputComment("Values are in microseconds; the Interval_Max column is in milliseconds");
            log.outputLogFormatVersion();
            if (from != null) {
                // The interval's time is relative to it: readers put the phase at its wall-clock time.
                log.outputStartTime(start);
            }
            log.outputLegend();
            log.outputIntervalHistogram(0, (end - start) / 1000.0, histogram, MICROS_PER_MS);
        }
    }
}
