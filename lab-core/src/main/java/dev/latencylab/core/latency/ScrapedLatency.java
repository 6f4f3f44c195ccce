package dev.latencylab.core.latency;

import dev.latencylab.core.cachelines.CacheLinePadding;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntervalHistogramProvider;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.HdrHistogram.ValueRecorder;

/**
 * A latency written per record and exported as a Prometheus histogram in {@link LatencyBuckets}:
 * the writers record into an HdrHistogram {@link Recorder} (wait-free, about a seventh of a
 * Micrometer timer's SLO bucket search), and each scrape moves what was recorded since the last one
 * into lifetime bucket counts, so count, sum and buckets only grow over the app's life. Read by
 * the scrape; written from any thread ({@link #ScrapedLatency()}) or from one ({@link #oneWriter()}).
 * Padded ahead ({@link CacheLinePadding}): the producer-app's two are written by two threads, one
 * made right after the other.
 */
public final class ScrapedLatency extends CacheLinePadding {

    private final ValueRecorder recorder;
    private final IntervalHistogramProvider<Histogram> intervals;
    private final LatencyBucketCounts lifetime = new LatencyBucketCounts();
    /**
     * The largest value since the last read, exact (the histogram's is only to its precision), as a
     * Micrometer timer's max was; raised by a compare-and-set only when a value beats it.
     */
    private final AtomicLong recentMax = new AtomicLong();

    /** Handed back to the recorder on the next read, so a scrape allocates no histogram. */
    private Histogram interval;

    /** Written from any threads, at once too: an HdrHistogram {@link Recorder}, its counts atomic. */
    public ScrapedLatency() {
        Recorder anyThread = new Recorder(HistogramPercentiles.HIGHEST_MICROS, 3);
        this.recorder = anyThread;
        this.intervals = anyThread;
    }

    private ScrapedLatency(SingleWriterRecorder oneThread) {
        this.recorder = oneThread;
        this.intervals = oneThread;
    }

    /**
     * Written by one thread only (reads from any): an HdrHistogram {@link SingleWriterRecorder}, whose
     * counts are plain longs, two atomic increments a value fewer than the {@link Recorder}'s.
     */
    public static ScrapedLatency oneWriter() {
        return new ScrapedLatency(new SingleWriterRecorder(HistogramPercentiles.HIGHEST_MICROS, 3));
    }

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
        interval = intervals.getIntervalHistogram(interval);
        LatencyBucketCounts recent = new LatencyBucketCounts();
        recent.add(interval, max);
        lifetime.add(recent);
        LatencyBucketCounts read = new LatencyBucketCounts();
        read.add(lifetime);
        read.takeRecentMax(recent);
        return read;
    }
}
