package dev.latencylab.core.schedule;

import java.util.function.LongSupplier;

/**
 * When each record should be sent, independent of when the previous one actually went out.
 *
 * <p>Record i of a segment at rate R is due at {@code segmentStart + i / R}. A sender that
 * falls behind still sends every record, late, and the lateness (actual minus intended) is
 * what the lab reports as publish delay: a stall shows up as latency, never as a quietly lower
 * rate (coordinated omission). Changing the rate starts a new segment at the next due record,
 * so there is neither a burst nor a gap at the switch.
 *
 * <p>Times are {@link System#nanoTime()}-style values from the injected clock. Thread-safe.
 */
public final class OpenLoopSchedule {

    private final LongSupplier nanoClock;
    private long segmentStartNanos;
    private long segmentStartIndex;
    private double rate;
    private long next;

    public OpenLoopSchedule(double ratePerSecond, LongSupplier nanoClock) {
        requirePositive(ratePerSecond);
        this.nanoClock = nanoClock;
        this.rate = ratePerSecond;
        this.segmentStartNanos = nanoClock.getAsLong();
    }

    /** The intended send time of the next record, in the clock's nanoseconds. */
    public synchronized long nextIntendedNanos() {
        return intendedNanos(next);
    }

    /** Marks the next record as sent and returns its index (0-based since creation). */
    public synchronized long advance() {
        return next++;
    }

    public synchronized double rate() {
        return rate;
    }

    /**
     * Applies a new rate from the next due record on. If the sender is behind, the backlog stays
     * due (nothing is skipped); if it is ahead, the next record is due no later than one interval
     * of the new rate from now, so a switch from a slow rate does not leave a gap.
     */
    public synchronized void changeRate(double ratePerSecond) {
        requirePositive(ratePerSecond);
        long now = nanoClock.getAsLong();
        long due = intendedNanos(next);
        long start = due <= now ? due : Math.min(due, now + intervalNanos(ratePerSecond));
        segmentStartNanos = start;
        segmentStartIndex = next;
        rate = ratePerSecond;
    }

    /**
     * Starts a fresh segment at the current time. For a deliberate pause: time spent paused is
     * not lateness.
     */
    public synchronized void restartNow() {
        segmentStartNanos = nanoClock.getAsLong();
        segmentStartIndex = next;
    }

    private long intendedNanos(long index) {
        return segmentStartNanos + (long) ((index - segmentStartIndex) * 1e9 / rate);
    }

    private static long intervalNanos(double ratePerSecond) {
        return (long) (1e9 / ratePerSecond);
    }

    private static void requirePositive(double ratePerSecond) {
        if (!(ratePerSecond > 0) || !Double.isFinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate must be above 0, got " + ratePerSecond);
        }
    }
}
