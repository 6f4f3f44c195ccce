package dev.latencylab.core.latency;

import java.time.Duration;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency histogram in the buckets of {@link LatencyBuckets} (and +Inf), read at scrape time from
 * the HdrHistograms the recorder keeps, so recording a record costs no second histogram. Exact to
 * the HdrHistogram's 3 significant digits: a value counts in the bucket of the highest value
 * HdrHistogram holds as equal to it. Not thread-safe.
 */
public final class LatencyBucketCounts {

    private static final long[] BOUNDS_NANOS = Arrays.stream(LatencyBuckets.boundaries())
            .mapToLong(Duration::toNanos)
            .toArray();

    /** Per bucket, not cumulative; the last is +Inf. */
    private final long[] counts = new long[BOUNDS_NANOS.length + 1];

    private double sumMicros;
    private long recentMaxMicros;

    /** The buckets' upper bounds in seconds, +Inf last: as Micrometer writes a timer's. */
    public static double[] upperBoundsSeconds() {
        double[] bounds = new double[BOUNDS_NANOS.length + 1];
        for (int i = 0; i < BOUNDS_NANOS.length; i++) {
            bounds[i] = BOUNDS_NANOS[i] / 1e9;
        }
        bounds[BOUNDS_NANOS.length] = Double.POSITIVE_INFINITY;
        return bounds;
    }

    /** Adds an HdrHistogram of microseconds, and a recent maximum (µs) taken with it. */
    void add(Histogram histogram, long recentMax) {
        int bucket = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long micros = v.getValueIteratedTo();
            while (bucket < BOUNDS_NANOS.length && micros * 1000 > BOUNDS_NANOS[bucket]) {
                bucket++;
            }
            counts[bucket] += v.getCountAtValueIteratedTo();
            sumMicros += (double) histogram.medianEquivalentValue(micros) * v.getCountAtValueIteratedTo();
        }
        recentMaxMicros = Math.max(recentMaxMicros, recentMax);
    }

    /** Adds another's counts and sum; its recent maximum is its own (already taken). */
    public void add(LatencyBucketCounts other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        sumMicros += other.sumMicros;
    }

    /** Takes {@code other}'s recent maximum as this one's, when larger. */
    void takeRecentMax(LatencyBucketCounts other) {
        recentMaxMicros = Math.max(recentMaxMicros, other.recentMaxMicros);
    }

    /** Per bucket, in the order of {@link #upperBoundsSeconds()}, not cumulative. */
    public long[] counts() {
        return counts.clone();
    }

    public long count() {
        return Arrays.stream(counts).sum();
    }

    public double sumSeconds() {
        return sumMicros / 1e6;
    }

    /** The largest value recorded since the entries added here were last read, seconds (0: none). */
    public double recentMaxSeconds() {
        return recentMaxMicros / 1e6;
    }
}
