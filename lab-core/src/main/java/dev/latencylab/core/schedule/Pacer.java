package dev.latencylab.core.schedule;

import dev.latencylab.api.settings.Pacing;

/**
 * When the next record on an {@link OpenLoopSchedule} may go, under a {@link Pacing}. The sender
 * asks before each record and waits (parks) as long as it is told. Not thread-safe: the sender's.
 *
 * <p>{@link Pacing#BURSTS} follows what Kafka's ThroughputThrottler (ProducerPerformance's pacer)
 * does, not what it means to do: each record sent ahead of its time adds its interval to a
 * deficit; once the deficit reaches 2 ms the thread sleeps it off with {@code Object.wait(ms,
 * ns)}, which waits whole milliseconds rounded up (3 ms for a deficit just over 2). So the tool
 * wakes every 3 ms and more, not every 2, and after each sleep sends about a millisecond of
 * records late.
 */
public final class Pacer {

    /** The deficit at which ThroughputThrottler sleeps, and how early a record may go. */
    public static final long BURST_NANOS = 2_000_000;

    private static final long MILLI_NANOS = 1_000_000;
    private static final long NONE = Long.MIN_VALUE;

    /** The schedule time that records sent early have taken ahead since the last sleep. */
    private long deficitNanos;

    private long sleepUntilNanos = NONE;
    private long previousDueNanos = NONE;

    /**
     * Nanoseconds to wait before the record due at {@code dueNanos} may be sent at {@code nowNanos};
     * 0: send it now, and the pacer counts it as sent. A record sent before its due time is intended
     * when sent (no publish delay).
     */
    public long waitNanos(long dueNanos, long nowNanos, Pacing pacing) {
        if (pacing == Pacing.EVEN) {
            return Math.max(0, dueNanos - nowNanos);
        }
        if (nowNanos < sleepUntilNanos) {
            return sleepUntilNanos - nowNanos;
        }
        if (deficitNanos >= BURST_NANOS) {
            sleepUntilNanos = nowNanos + wholeMillisRoundedUp(deficitNanos);
            deficitNanos = 0;
            return sleepUntilNanos - nowNanos;
        }
        if (dueNanos > nowNanos) {
            if (previousDueNanos == NONE || dueNanos - previousDueNanos >= BURST_NANOS) {
                // The first record, or slower than one record per 2 ms: it waits for its own time.
                return dueNanos - nowNanos;
            }
            deficitNanos += Math.max(dueNanos - previousDueNanos, 0);
        }
        previousDueNanos = dueNanos;
        return 0;
    }

    private static long wholeMillisRoundedUp(long nanos) {
        return (nanos + MILLI_NANOS - 1) / MILLI_NANOS * MILLI_NANOS;
    }
}
