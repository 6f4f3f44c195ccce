package dev.latencylab.core.schedule;

import dev.latencylab.api.settings.Pacing;

/**
 * When the next record on an {@link OpenLoopSchedule} may go, under a {@link Pacing}. The sender
 * asks before each record and waits (parks) as long as it is told. Not thread-safe: the sender's.
 */
public final class Pacer {

    /** How far ahead a burst reaches: Kafka's ThroughputThrottler sleeps once it is this far ahead. */
    public static final long BURST_NANOS = 2_000_000;

    /** Records due up to this time go early; set when a record goes at or after its own time. */
    private long burstUntilNanos = Long.MIN_VALUE;

    /**
     * Nanoseconds to wait before the record due at {@code dueNanos} may be sent at {@code nowNanos};
     * 0: send it now. A record sent before its due time is intended when sent (no publish delay).
     */
    public long waitNanos(long dueNanos, long nowNanos, Pacing pacing) {
        if (dueNanos <= nowNanos) {
            // A wake: from here the records of the next BURST_NANOS on the schedule go with this one.
            burstUntilNanos = dueNanos + BURST_NANOS;
            return 0;
        }
        if (pacing == Pacing.BURSTS && dueNanos <= burstUntilNanos) {
            return 0;
        }
        return dueNanos - nowNanos;
    }
}
