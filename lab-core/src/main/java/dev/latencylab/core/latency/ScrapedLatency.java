package dev.latencylab.core.latency;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A latency written per record and exported as a Prometheus histogram in {@link LatencyBuckets}:
 * the writers record into an HdrHistogram {@link Recorder} (wait-free, about a seventh of a
 * Micrometer timer's SLO bucket search), and each scrape moves what was recorded since the last one
 * into lifetime bucket counts, so count, sum and buckets only grow over the app's life. Written
 * from any thread; read by the scrape.
 */
public final class ScrapedLatency {

    private final Recorder recorder = new Recorder(HistogramPercentiles.HIGHEST_MICROS, 3);
    private final LatencyBucketCounts lifetime = new LatencyBucketCounts();
    /**
     * The largest value since the last read, exact (the histogram's is only to its precision), as a
     * Micrometer timer's max was; raised by a compare-and-set only when a value beats it.
     */
    private final AtomicLong recentMax = new AtomicLong();

    /** Handed back to the recorder on the next read, so a scrape allocates no histogram. */
    private Histogram interval;

    /** Values beyond {@link HistogramPercentiles#HIGHEST_MICROS} count as that (in +Inf, as before). */
    public void recordMicros(long micros) {
        long value = Math.max(0, Math.min(micros, HistogramPercentiles.HIGHEST_MICROS));
        recorder.recordValue(value);
        if (value > recentMax.get()) {
            recentMax.accumulateAndGet(value, Math::max);
        }
    }

    /**
     * Everything recorded since this was made, with the largest value recorded since the last read as
     * its recent maximum (a value recorded during the read may count in the next read's instead).
     */
    public synchronized LatencyBucketCounts read() {
        long max = recentMax.getAndSet(0);
        interval = recorder.getIntervalHistogram(interval);
        LatencyBucketCounts recent = new LatencyBucketCounts();
        recent.add(interval, max);
        lifetime.add(recent);
        LatencyBucketCounts read = new LatencyBucketCounts();
        read.add(lifetime);
        read.takeRecentMax(recent);
        return read;
    }
}
