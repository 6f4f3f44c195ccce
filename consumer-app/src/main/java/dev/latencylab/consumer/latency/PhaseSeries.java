package dev.latencylab.consumer.latency;

import dev.latencylab.core.latency.HeldLatency;
import dev.latencylab.core.latency.LatencyBucketCounts;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.distribution.TimeWindowMax;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * One phase's pair of exported latency histograms: the recorder's entries of the phase held now
 * (one, or none once released), plus what the entries it dropped held, so the counts only grow
 * while the series is exported (a late record reopens the phase: it counts on). The maxima decay
 * as a Micrometer timer's do (2 minutes), which the dashboards' "recent maximum" panel shows. Not
 * thread-safe: {@link LatencyHistograms} guards it.
 */
final class PhaseSeries {

    final int phase;
    private final List<HeldLatency> held = new ArrayList<>(1);
    private final LatencyBucketCounts releasedLatency = new LatencyBucketCounts();
    private final LatencyBucketCounts releasedCorrected = new LatencyBucketCounts();
    private final TimeWindowMax latencyMax;
    private final TimeWindowMax correctedMax;
    /** When the scrapes first found the phase held no more (monotonic ns); meaningful when none is held. */
    private long releasedAtNanos;
    /** Whether it ever held a sample: exported from its first one on, as a timer was registered. */
    private boolean sampled;

    PhaseSeries(int phase, Clock clock) {
        this.phase = phase;
        this.latencyMax = new TimeWindowMax(clock, DistributionStatisticConfig.DEFAULT);
        this.correctedMax = new TimeWindowMax(clock, DistributionStatisticConfig.DEFAULT);
    }

    /** An entry of the phase the recorder holds now (a phase released and opened again has a new one). */
    void hold(HeldLatency entry) {
        if (!held.contains(entry)) {
            held.add(entry);
        }
    }

    /**
     * Keeps the entries the recorder still holds; each one it dropped is read a last time (it records
     * nothing more) into what the series keeps. Returns whether the phase is still held.
     */
    boolean keepOnly(Set<HeldLatency> stillHeld, long nowNanos) {
        boolean wasHeld = !held.isEmpty();
        for (Iterator<HeldLatency> it = held.iterator(); it.hasNext(); ) {
            HeldLatency entry = it.next();
            if (!stillHeld.contains(entry)) {
                LatencyBucketCounts latency = new LatencyBucketCounts();
                LatencyBucketCounts corrected = new LatencyBucketCounts();
                entry.readInto(latency, corrected);
                recordMax(latency, corrected);
                releasedLatency.add(latency);
                releasedCorrected.add(corrected);
                it.remove();
            }
        }
        if (wasHeld && held.isEmpty()) {
            releasedAtNanos = nowNanos;
        }
        return !held.isEmpty();
    }

    /** Whether none of the phase's entries is held and the last went at least {@code keptNanos} ago. */
    boolean releasedFor(long keptNanos, long nowNanos) {
        return held.isEmpty() && nowNanos - releasedAtNanos >= keptNanos;
    }

    boolean released() {
        return held.isEmpty();
    }

    long releasedAtNanos() {
        return releasedAtNanos;
    }

    /** The latency and corrected-latency counts now: the dropped entries' plus the held ones' read now. */
    LatencyBucketCounts[] read() {
        LatencyBucketCounts latency = new LatencyBucketCounts();
        LatencyBucketCounts corrected = new LatencyBucketCounts();
        latency.add(releasedLatency);
        corrected.add(releasedCorrected);
        for (HeldLatency entry : held) {
            entry.readInto(latency, corrected);
        }
        recordMax(latency, corrected);
        sampled |= latency.count() > 0;
        return new LatencyBucketCounts[] {latency, corrected};
    }

    /** Whether a {@link #read} found a sample yet. */
    boolean sampled() {
        return sampled;
    }

    double latencyMaxSeconds() {
        return latencyMax.poll();
    }

    double correctedMaxSeconds() {
        return correctedMax.poll();
    }

    private void recordMax(LatencyBucketCounts latency, LatencyBucketCounts corrected) {
        latencyMax.record(latency.recentMaxSeconds());
        correctedMax.record(corrected.recentMaxSeconds());
    }
}
