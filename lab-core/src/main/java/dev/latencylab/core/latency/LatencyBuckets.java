package dev.latencylab.core.latency;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Bucket boundaries of the lab's Prometheus latency histograms, shared by producer and consumer.
 * From 50 µs (a producer's publish delay is often below a millisecond) to a minute; between
 * 0.5 ms and 20 ms, where e2e medians live, each boundary is 5 % above the one before, so a PromQL
 * percentile there (a linear interpolation inside one bucket) is within 5 % of the true value.
 * 98 boundaries: one histogram is 102 series per tag set (the buckets, +Inf, count, sum and Micrometer's
 * max), times two
 * histograms per phase on the consumer. The exact figures come from the consumer's HdrHistograms.
 */
public final class LatencyBuckets {

    /** Where the 5 % steps run. */
    static final double FINE_FROM_SECONDS = 0.0005;

    static final double FINE_TO_SECONDS = 0.02;
    static final double FINE_STEP = 1.05;

    private static final double[] BELOW = {0.00005, 0.0001, 0.0002, 0.0003, 0.0004};
    private static final double[] ABOVE = {
        0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5, 10, 30, 60
    };

    private static final Duration[] BOUNDARIES = compute();

    private LatencyBuckets() {}

    public static Duration[] boundaries() {
        return BOUNDARIES.clone();
    }

    private static Duration[] compute() {
        List<Duration> all = new ArrayList<>();
        for (double s : BELOW) {
            all.add(seconds(s));
        }
        // Rounded to 100 ns, so the le="..." labels stay short and stable and the steps stay 5 %.
        for (double s = FINE_FROM_SECONDS; s < FINE_TO_SECONDS; s *= FINE_STEP) {
            all.add(Duration.ofNanos(Math.round(s * 1e7) * 100));
        }
        for (double s : ABOVE) {
            all.add(seconds(s));
        }
        return all.toArray(Duration[]::new);
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}
