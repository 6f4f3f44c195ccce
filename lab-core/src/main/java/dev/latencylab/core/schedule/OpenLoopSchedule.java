package dev.latencylab.core.schedule;

import java.util.ArrayDeque;
import java.util.function.LongSupplier;

/**
 * When each record should be sent, independent of when the previous one actually went out.
 *
 * <p>Record i of a segment at rate R is due at {@code segmentStart + i / R}. A sender that
 * falls behind still sends every record, late, and the lateness (actual minus intended) is
 * what the lab reports as publish delay: a stall shows up as latency, never as a quietly lower
 * rate (coordinated omission). A rate change applies from the first record not yet due: the
 * backlog of a sender that is behind keeps the intended times it already had, so its lateness is
 * neither erased nor overstated, and there is neither a burst nor a gap at the switch.
 *
 * <p>Times are {@link System#nanoTime()}-style values from the injected clock. Thread-safe.
 */
public final class OpenLoopSchedule {

    /** Records from {@code startIndex} on are due at {@code startNanos + (i - startIndex) / rate}. */
    private record RateSegment(long startIndex, long startNanos, double rate) {
        long intendedNanos(long index) {
            return startNanos + (long) ((index - startIndex) * 1e9 / rate);
        }

        /** The first index of this segment due after {@code nanos}. */
        long firstIndexDueAfter(long nanos) {
            if (nanos < startNanos) {
                return startIndex;
            }
            long i = startIndex + (long) Math.floor((nanos - startNanos) * rate / 1e9);
            while (intendedNanos(i) <= nanos) {
                i++;
            }
            return i;
        }
    }

    private final LongSupplier nanoClock;
    /** In index order; the first one holds the next record (older ones are dropped as records are sent). */
    private final ArrayDeque<RateSegment> segments = new ArrayDeque<>();

    private long next;

    /**
     * {@link #next}'s intended time, written under the lock whenever the next record or its segment
     * changes: the sender asks for it before every record and on every wake-up, and the endpoint reads
     * it too, so asking takes neither the lock nor a walk of the segments.
     */
    private volatile long nextIntendedNanos;

    public OpenLoopSchedule(double ratePerSecond, LongSupplier nanoClock) {
        requirePositive(ratePerSecond);
        this.nanoClock = nanoClock;
        segments.add(new RateSegment(0, nanoClock.getAsLong(), ratePerSecond));
        nextIntendedNanos = segments.getFirst().intendedNanos(0);
    }

    /** The intended send time of the next record, in the clock's nanoseconds. */
    public long nextIntendedNanos() {
        return nextIntendedNanos;
    }

    /** Marks the next record as sent and returns its index (0-based since creation). */
    public synchronized long advance() {
        long sent = next++;
        while (segments.size() > 1 && second().startIndex() <= next) {
            segments.removeFirst();
        }
        nextIntendedNanos = segmentOf(next).intendedNanos(next);
        return sent;
    }

    public synchronized double rate() {
        return segments.getLast().rate();
    }

    /**
     * Applies a new rate from the first record that is not yet due. Records already due (the
     * backlog of a sender that is behind) keep their intended times; the first one after them is
     * due no later than one interval of the new rate from now, so a switch from a slow rate
     * leaves no gap, and no earlier than it was, so a switch to a slow rate makes no burst.
     */
    public synchronized void changeRate(double ratePerSecond) {
        requirePositive(ratePerSecond);
        long now = nanoClock.getAsLong();
        long first = Math.max(next, firstIndexDueAfter(now));
        long due = segmentOf(first).intendedNanos(first);
        while (segments.size() > 1 && segments.getLast().startIndex() >= first) {
            segments.removeLast();
        }
        if (segments.getLast().startIndex() >= first) {
            segments.removeLast();
        }
        segments.addLast(new RateSegment(first, Math.min(due, now + intervalNanos(ratePerSecond)), ratePerSecond));
        nextIntendedNanos = segmentOf(next).intendedNanos(next);
    }

    /**
     * Starts a fresh segment at the current time. For a deliberate pause: time spent paused is
     * not lateness.
     */
    public synchronized void restartNow() {
        double rate = rate();
        segments.clear();
        segments.add(new RateSegment(next, nanoClock.getAsLong(), rate));
        nextIntendedNanos = segmentOf(next).intendedNanos(next);
    }

    private long firstIndexDueAfter(long nanos) {
        RateSegment[] all = segments.toArray(RateSegment[]::new);
        for (int k = all.length - 1; k >= 0; k--) {
            if (all[k].intendedNanos(all[k].startIndex()) <= nanos || k == 0) {
                long candidate = all[k].firstIndexDueAfter(nanos);
                return k + 1 < all.length ? Math.min(candidate, all[k + 1].startIndex()) : candidate;
            }
        }
        throw new IllegalStateException("no segment");
    }

    private RateSegment segmentOf(long index) {
        RateSegment found = segments.getFirst();
        for (RateSegment segment : segments) {
            if (segment.startIndex() <= index) {
                found = segment;
            }
        }
        return found;
    }

    private RateSegment second() {
        var it = segments.iterator();
        it.next();
        return it.next();
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
