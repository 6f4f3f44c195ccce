package dev.latencylab.core.latency;

import java.time.Duration;

/**
 * Bucket boundaries of the lab's Prometheus latency histograms, shared by producer and consumer:
 * fine enough to tell 1 ms from 2 ms, reaching a minute. Percentiles computed from them in
 * PromQL are interpolations; the exact figures come from the consumer's HdrHistograms.
 */
public final class LatencyBuckets {

    private static final double[] SECONDS = {
        0.0005, 0.001, 0.0015, 0.002, 0.003, 0.004, 0.005, 0.0075, 0.01, 0.0125, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05,
        0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5, 10, 30, 60
    };

    private LatencyBuckets() {}

    public static Duration[] boundaries() {
        Duration[] d = new Duration[SECONDS.length];
        for (int i = 0; i < SECONDS.length; i++) {
            d[i] = Duration.ofNanos(Math.round(SECONDS[i] * 1e9));
        }
        return d;
    }
}
