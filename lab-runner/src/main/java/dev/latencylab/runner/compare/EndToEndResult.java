package dev.latencylab.runner.compare;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The result lines of {@code org.apache.kafka.tools.EndToEndLatency} (Kafka 4.2):
 * {@code Avg latency: 2.4110 ms} and {@code Percentiles: 50th = 2, 99th = 5, 99.9th = 11}.
 * The tool stores each latency as whole milliseconds rounded down, so its percentiles are
 * integers: a p50 of 2 means somewhere from 2.0 up to (not including) 3.0 ms. Only the average is
 * computed from nanoseconds.
 */
record EndToEndResult(double avgMs, long p50Ms, long p99Ms, long p999Ms) {

    private static final Pattern AVG = Pattern.compile("(?m)^Avg latency: ([0-9.]+) ms\\s*$");
    private static final Pattern PERCENTILES =
            Pattern.compile("(?m)^Percentiles: 50th = (\\d+), 99th = (\\d+), 99\\.9th = (\\d+)\\s*$");

    /** Empty when the output lacks either line (the tool failed before printing its results). */
    public static Optional<EndToEndResult> parse(String output) {
        Matcher avg = AVG.matcher(output);
        Matcher p = PERCENTILES.matcher(output);
        if (!avg.find() || !p.find()) {
            return Optional.empty();
        }
        return Optional.of(new EndToEndResult(
                Double.parseDouble(avg.group(1)),
                Long.parseLong(p.group(1)),
                Long.parseLong(p.group(2)),
                Long.parseLong(p.group(3))));
    }
}
