package dev.latencylab.core.latency;

import org.HdrHistogram.Histogram;

/** Latency percentiles in milliseconds (microsecond precision), from one HdrHistogram. */
public record Percentiles(double p50, double p90, double p95, double p99, double p999, double max) {

    /** Null when the histogram is empty: there is no percentile of nothing. */
    static Percentiles of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return null;
        }
        return new Percentiles(ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(95)), ms(h.getValueAtPercentile(99)), ms(h.getValueAtPercentile(99.9)),
                ms(h.getMaxValue()));
    }

    private static double ms(long micros) {
        return micros / 1_000.0;
    }
}
