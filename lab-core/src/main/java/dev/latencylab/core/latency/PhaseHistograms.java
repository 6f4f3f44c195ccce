package dev.latencylab.core.latency;

import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.latency.SlowRecords;
import dev.latencylab.core.accounting.SequenceOutcome;
import dev.latencylab.core.clock.EpochMicros;
import org.HdrHistogram.Histogram;

/** The histograms and counters of one phase. Not thread-safe: {@link LatencyRecorder} guards it. */
final class PhaseHistograms {

    static final long HIGHEST_MICROS = HistogramPercentiles.HIGHEST_MICROS;

    final int phase;
    private final Histogram latency = newHistogram();
    private final Histogram corrected = newHistogram();
    private final Histogram batchWait = newHistogram();
    private long firstMicros;
    private long lastMicros;
    long lost;
    long late;
    long duplicated;
    long redelivered;
    long outOfOrder;
    /** First arrivals whose value was not the lab's JSON: counted, but no latency sample. */
    long unsampled;

    private final KeyOrderTable keyOrder = new KeyOrderTable();

    private long clamped;
    /** The largest of each latency since the exporter last read them: what its decaying maximum is fed. */
    private long recentLatencyMax;

    private long recentCorrectedMax;
    /** The slow-record watch: off until {@link #watch} sets a threshold. */
    /** The records seen for the first time so far, sampled or not. */
    long firstArrivals() {
        return latency.getTotalCount() + unsampled;
    }

    private long slowAboveMicros = Long.MAX_VALUE;

    private long slowCount;
    private long slowFirstSent;
    private long slowLastSent;
    private long slowLastReceived;
    private long slowMax;
    private final java.util.SortedMap<Long, Long> slowPerTenth = new java.util.TreeMap<>();

    PhaseHistograms(int phase) {
        this.phase = phase;
    }

    /**
     * Counts a record that was not a redelivery by its sequence outcome; a first arrival whose value
     * is the lab's JSON ({@code sampled}) is a latency sample, and a batch-wait one when its poll time
     * is known.
     */
    void count(
            SequenceOutcome outcome, boolean sampled, long nowMicros, long latency, long corrected, long polledMicros) {
        switch (outcome) {
            case DUPLICATE -> duplicated++;
            case OUT_OF_ORDER -> outOfOrder++;
            case LATE -> late++;
            default -> {}
        }
        if (outcome.isFirstArrival() && !sampled) {
            unsampled++;
        } else if (outcome.isFirstArrival()) {
            boolean outOfRange = record(nowMicros, latency, corrected);
            if (polledMicros != LatencyRecorder.NOT_POLLED) {
                outOfRange |= recordBatchWait(nowMicros - polledMicros);
            }
            // A record, not each of its values: clamped stays comparable to count.
            if (outOfRange) {
                clamped++;
            }
        }
    }

    /** A first arrival of {@code producer}'s record {@code sequence} with key {@code key} (null: none). */
    void keyOrder(long producerMostBits, long producerLeastBits, byte[] key, long sequence) {
        keyOrder.record(producerMostBits, producerLeastBits, key, sequence);
    }

    /** A first arrival with key {@code key} (null: none), processed where its key's order cannot break. */
    void keyInOrder(byte[] key) {
        keyOrder.inOrder(key);
    }

    /** Records both latencies; true when either was outside the histogram's range. */
    private boolean record(long nowMicros, long latencyMicros, long correctedMicros) {
        if (latency.getTotalCount() == 0) {
            firstMicros = nowMicros;
        }
        lastMicros = nowMicros;
        latency.recordValue(clamp(latencyMicros));
        corrected.recordValue(clamp(correctedMicros));
        recentLatencyMax = Math.max(recentLatencyMax, clamp(latencyMicros));
        recentCorrectedMax = Math.max(recentCorrectedMax, clamp(correctedMicros));
        boolean outOfRange = outOfRange(latencyMicros) || outOfRange(correctedMicros);
        if (correctedMicros > slowAboveMicros) {
            long intended = nowMicros - correctedMicros;
            slowFirstSent = slowCount == 0 ? intended : Math.min(slowFirstSent, intended);
            slowLastSent = slowCount == 0 ? intended : Math.max(slowLastSent, intended);
            slowLastReceived = nowMicros;
            slowMax = Math.max(slowMax, correctedMicros);
            slowCount++;
            long tenthMs = SlowRecords.TENTH_MS;
            slowPerTenth.merge(Math.floorDiv(intended, tenthMs * 1000) * tenthMs, 1L, Long::sum);
        }
        return outOfRange;
    }

    /** Counts from now on the records slower (corrected) than {@code aboveMicros}; a new threshold starts afresh. */
    void watch(long aboveMicros) {
        slowAboveMicros = aboveMicros;
        slowCount = slowFirstSent = slowLastSent = slowLastReceived = slowMax = 0;
        slowPerTenth.clear();
    }

    /**
     * Consumed minus polled: the time a record spent in its batch, its own processing included; true when
     * outside the histogram's range.
     */
    private boolean recordBatchWait(long micros) {
        batchWait.recordValue(clamp(micros));
        return outOfRange(micros);
    }

    /** Adds both latency histograms to an exporter's counts, with their recent maxima, which start afresh. */
    void exportTo(LatencyBucketCounts latencyCounts, LatencyBucketCounts correctedCounts) {
        latencyCounts.add(latency, recentLatencyMax);
        correctedCounts.add(corrected, recentCorrectedMax);
        recentLatencyMax = recentCorrectedMax = 0;
    }

    void reset() {
        latency.reset();
        corrected.reset();
        batchWait.reset();
        lost = late = duplicated = redelivered = outOfOrder = unsampled = clamped = 0;
        recentLatencyMax = recentCorrectedMax = 0;
        firstMicros = lastMicros = 0;
        slowAboveMicros = Long.MAX_VALUE;
        slowCount = slowFirstSent = slowLastSent = slowLastReceived = slowMax = 0;
        slowPerTenth.clear();
        keyOrder.reset();
    }

    boolean isEmpty() {
        return latency.getTotalCount() == 0 && lost == 0 && duplicated == 0 && redelivered == 0 && unsampled == 0;
    }

    /** A copy taken under the recorder's lock; percentiles are computed from it outside the lock. */
    Snapshot snapshot() {
        return new Snapshot(
                phase,
                latency.copy(),
                corrected.copy(),
                batchWait.copy(),
                firstMicros,
                lastMicros,
                lost,
                late,
                duplicated,
                redelivered,
                outOfOrder,
                clamped,
                unsampled,
                keyOrder.view(),
                slowAboveMicros == Long.MAX_VALUE
                        ? null
                        : new SlowRecords(
                                slowAboveMicros / 1000.0,
                                slowCount,
                                slowCount == 0 ? null : EpochMicros.toInstant(slowFirstSent),
                                slowCount == 0 ? null : EpochMicros.toInstant(slowLastSent),
                                slowCount == 0 ? null : EpochMicros.toInstant(slowLastReceived),
                                slowCount == 0 ? null : slowMax / 1000.0,
                                slowPerTenth));
    }

    /** Negative values (clock steps) count as 0 and values above the range as the range's top. */
    private static long clamp(long micros) {
        return Math.max(0, Math.min(micros, HIGHEST_MICROS));
    }

    private static boolean outOfRange(long micros) {
        return micros < 0 || micros > HIGHEST_MICROS;
    }

    private static Histogram newHistogram() {
        return HistogramPercentiles.newMicrosHistogram();
    }

    record Snapshot(
            int phase,
            Histogram latency,
            Histogram corrected,
            Histogram batchWait,
            long firstMicros,
            long lastMicros,
            long lost,
            long late,
            long duplicated,
            long redelivered,
            long outOfOrder,
            long clamped,
            long unsampled,
            KeyOrder keyOrder,
            SlowRecords slow) {

        PhaseView report(boolean withHistograms) {
            long count = latency.getTotalCount();
            return new PhaseView(
                    phase,
                    count,
                    count == 0 ? null : EpochMicros.toInstant(firstMicros),
                    count == 0 ? null : EpochMicros.toInstant(lastMicros),
                    HistogramPercentiles.of(latency),
                    HistogramPercentiles.of(corrected),
                    lost,
                    late,
                    duplicated,
                    redelivered,
                    outOfOrder,
                    clamped,
                    batchWait.getTotalCount() == 0 ? null : HistogramPercentiles.of(batchWait),
                    withHistograms ? HistogramPercentiles.encode(latency, corrected, batchWait) : null,
                    slow,
                    unsampled,
                    keyOrder);
        }
    }
}
