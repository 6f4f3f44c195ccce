package dev.latencylab.core.latency;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.settings.PhaseKey;
import dev.latencylab.core.clock.EpochMicros;
import org.HdrHistogram.Histogram;

/** The histograms and counters of one phase. Not thread-safe: {@link LatencyRecorder} guards it. */
final class PhaseHistograms {

    /** Ten minutes, in microseconds: far above any latency worth reporting, and a fixed memory cost. */
    static final long HIGHEST_MICROS = 600_000_000L;

    final PhaseKey settings;
    private final Histogram latency = newHistogram();
    private final Histogram corrected = newHistogram();
    private long firstMicros;
    private long lastMicros;
    long lost;
    long late;
    long duplicated;
    long outOfOrder;
    private long clamped;

    PhaseHistograms(PhaseKey settings) {
        this.settings = settings;
    }

    void record(long nowMicros, long latencyMicros, long correctedMicros) {
        if (latency.getTotalCount() == 0) {
            firstMicros = nowMicros;
        }
        lastMicros = nowMicros;
        latency.recordValue(clamp(latencyMicros));
        corrected.recordValue(clamp(correctedMicros));
    }

    void reset() {
        latency.reset();
        corrected.reset();
        lost = late = duplicated = outOfOrder = clamped = 0;
        firstMicros = lastMicros = 0;
    }

    boolean isEmpty() {
        return latency.getTotalCount() == 0 && lost == 0 && duplicated == 0;
    }

    /** A copy taken under the recorder's lock; percentiles are computed from it outside the lock. */
    Snapshot snapshot() {
        return new Snapshot(
                settings,
                latency.copy(),
                corrected.copy(),
                firstMicros,
                lastMicros,
                lost,
                late,
                duplicated,
                outOfOrder,
                clamped);
    }

    /** Negative values (clock steps) count as 0 and values above the range as the range's top; both are counted. */
    private long clamp(long micros) {
        if (micros < 0 || micros > HIGHEST_MICROS) {
            clamped++;
            return micros < 0 ? 0 : HIGHEST_MICROS;
        }
        return micros;
    }

    /** Null when the histogram is empty: there is no percentile of nothing. */
    static Percentiles percentiles(Histogram h) {
        if (h.getTotalCount() == 0) {
            return null;
        }
        return new Percentiles(
                ms(h.getValueAtPercentile(50)),
                ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(95)),
                ms(h.getValueAtPercentile(99)),
                ms(h.getValueAtPercentile(99.9)),
                ms(h.getMaxValue()));
    }

    private static double ms(long micros) {
        return micros / 1_000.0;
    }

    private static Histogram newHistogram() {
        return new Histogram(HIGHEST_MICROS, 3);
    }

    record Snapshot(
            PhaseKey settings,
            Histogram latency,
            Histogram corrected,
            long firstMicros,
            long lastMicros,
            long lost,
            long late,
            long duplicated,
            long outOfOrder,
            long clamped) {

        PhaseView report() {
            long count = latency.getTotalCount();
            return new PhaseView(
                    settings,
                    count,
                    count == 0 ? null : EpochMicros.toInstant(firstMicros),
                    count == 0 ? null : EpochMicros.toInstant(lastMicros),
                    percentiles(latency),
                    percentiles(corrected),
                    lost,
                    late,
                    duplicated,
                    outOfOrder,
                    clamped);
        }
    }
}
