package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code org.apache.kafka.tools.ProducerPerformance} (Kafka 4.2) prints while it runs: a line
 * per reporting interval ({@code 59925 records sent, 11985.0 records/sec (4.57 MB/sec), 7641.1 ms
 * avg latency, 10200.0 ms max latency.}). Its summary with percentiles comes only after its last
 * record, which the comparison never reaches: it stops the tool at a planned time.
 *
 * <p>The intervals count acknowledged records: the tool records a record in its send callback.
 * They are back to back, so they tell the acknowledged rate over any stretch of the run, which is
 * how the lab's rate is measured (acked counter over a window after a warm-up). A summary could
 * not: its clock starts at the first send (or, for "steady state", when the warm-up's last record
 * is handed to the producer, while up to a full buffer of earlier records still waits).
 */
record ProducerPerfOutput(List<Interval> windows) {

    private static final Pattern WINDOW = Pattern.compile(
            "(?m)^(\\d+) records sent, ([0-9.]+) records/sec \\(([0-9.]+) MB/sec\\), ([0-9.]+) ms avg latency, "
                    + "([0-9.]+) ms max latency\\.\\s*$");
    /** A window may end this much after the measured stretch: windows close on the first callback after the interval. */
    private static final double END_TOLERANCE_SECONDS = 0.5;

    public ProducerPerfOutput {
        windows = List.copyOf(windows);
    }

    /** One reporting interval: records acknowledged in it and their rate (its length is their quotient). */
    public record Interval(long records, double recordsPerSec, double mbPerSec) {
        @JsonProperty("seconds")
        public double seconds() {
            return recordsPerSec > 0 ? records / recordsPerSec : 0;
        }
    }

    /**
     * The acknowledged rate over the intervals that start at or after {@code warmup} and end by
     * {@code warmup + duration}: the lab's measured window, on the tool's own clock.
     *
     * @param from     seconds after the tool's start where the first counted interval starts
     * @param complete false when the counted intervals cover less than 90 % of the window (the tool
     *                 finished early: it was faster than the lab's rate it was sized from)
     * @param lateRatio the rate of the intervals that start in the window's second half over the first
     *                 half's: well above 1, the tool was still getting faster (null: a half had none)
     */
    public record Measured(long records, double seconds, double from, int windows, boolean complete, Double lateRatio) {
        @JsonProperty("recordsPerSec")
        public double recordsPerSec() {
            return seconds > 0 ? records / seconds : 0;
        }
    }

    /** Empty when the output has no interval line (the tool failed before its first interval ended). */
    public static Optional<ProducerPerfOutput> parse(String output) {
        List<Interval> windows = new ArrayList<>();
        Matcher w = WINDOW.matcher(output);
        while (w.find()) {
            windows.add(new Interval(
                    Long.parseLong(w.group(1)), Double.parseDouble(w.group(2)), Double.parseDouble(w.group(3))));
        }
        return windows.isEmpty() ? Optional.empty() : Optional.of(new ProducerPerfOutput(windows));
    }

    /** Empty when no interval starts after the warm-up (the tool ran for less than the warm-up). */
    public Optional<Measured> measure(Duration warmup, Duration duration) {
        double from = warmup.toNanos() / 1e9;
        double to = from + duration.toNanos() / 1e9 + END_TOLERANCE_SECONDS;
        double mid = from + duration.toNanos() / 2e9;
        double t = 0;
        double firstStart = -1;
        long records = 0;
        double seconds = 0;
        long firstHalfRecords = 0;
        double firstHalfSeconds = 0;
        int count = 0;
        for (Interval win : windows) {
            double start = t;
            t += win.seconds();
            if (start < from) {
                continue;
            }
            if (t > to) {
                break;
            }
            if (firstStart < 0) {
                firstStart = start;
            }
            records += win.records();
            seconds += win.seconds();
            if (start < mid) {
                firstHalfRecords += win.records();
                firstHalfSeconds += win.seconds();
            }
            count++;
        }
        if (count == 0) {
            return Optional.empty();
        }
        return Optional.of(new Measured(
                records,
                seconds,
                firstStart,
                count,
                seconds >= 0.9 * duration.toNanos() / 1e9,
                Halves.ratio(
                        firstHalfRecords, firstHalfSeconds, records - firstHalfRecords, seconds - firstHalfSeconds)));
    }
}
