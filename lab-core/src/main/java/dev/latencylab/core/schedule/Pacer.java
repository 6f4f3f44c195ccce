package dev.latencylab.core.schedule;

import dev.latencylab.api.settings.Pacing;

/**
 * When the next record on an {@link OpenLoopSchedule} may go, under a {@link Pacing}. The sender
 * asks before each record and waits (parks) as long as it is told. Not thread-safe: the sender's.
 *
 * <p>{@link Pacing#BURSTS} follows what Kafka's ThroughputThrottler (ProducerPerformance's pacer)
 * does, not what it means to do: each record sent ahead of its time adds the interval to a
 * deficit, the interval truncated to whole nanoseconds as the throttler's is; once the deficit
 * reaches 2 ms the thread sleeps it off with {@code Object.wait(ms, ns)}, which waits whole
 * milliseconds rounded up (3 ms for a deficit just over 2). So the tool wakes every 3 ms and more,
 * not every 2, and after each sleep sends about a millisecond of records late. The truncation
 * matters: at 18,000 or 22,000 records a second the exact intervals of 36 or 44 records make 2 ms
 * to the nanosecond, which sleeps 2 ms; the throttler's fall a few nanoseconds short, it sends one
 * more and sleeps 3, and so wakes a third less often.
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
     *
     * @param rate the records a second the schedule runs at now
     */
    public long waitNanos(long dueNanos, long nowNanos, Pacing pacing, double rate) {
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
            deficitNanos += throttlerIntervalNanos(rate);
        }
        previousDueNanos = dueNanos;
        return 0;
    }

    /** The throttler's interval: a second over the rate, the fraction of a nanosecond dropped. */
    private static long throttlerIntervalNanos(double rate) {
        return (long) (1e9 / rate);
    }

    private static long wholeMillisRoundedUp(long nanos) {
        return (nanos + MILLI_NANOS - 1) / MILLI_NANOS * MILLI_NANOS;
    }
}
