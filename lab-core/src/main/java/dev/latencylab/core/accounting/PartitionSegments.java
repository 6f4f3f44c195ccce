package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One partition's region of the {@link OffsetLedger}: its segments in offset order, found, merged,
 * read between two equal versions and repaired after a write a kill cut short. The region is its
 * segment count, its highest offset and its version (odd while its owner writes it), then the
 * segments of {@value #SEGMENT} bytes: phase id, duplicates, from, to ({@link #OPEN} while it is the
 * open one), redelivered, then the gaps (offsets inside the segment no record was processed at), kept by
 * three stores ({@link #gaps}).
 */
final class PartitionSegments {

    static final int SEGMENT = 56;
    static final int HEADER = 24;
    static final long OPEN = -1;
    /** A segment's pending gap count's tag when there is none. */
    static final long NO_PENDING = Long.MAX_VALUE;
    /** How long a partition's version may stay odd before its writer is taken for killed mid-write. */
    static final Duration DEAD_WRITER = Duration.ofSeconds(1);
    /** How often a reader spins before it yields while another process writes the partition it reads. */
    private static final int SPINS = 100;

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private final ByteBuffer buffer;

    PartitionSegments(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    /**
     * One partition, read between two equal even versions: another process writing it (its owner,
     * a record at a time) makes this one read again, so a count is never read half-updated (a
     * gap's three stores, a segment's end and the highest offset). A version that moves is a
     * writer at work, waited for however long it takes; one left odd for {@link #DEAD_WRITER} is a
     * process killed mid-write (a live one holds it for well under a microsecond), read as it was
     * left: each of its stores is ordered to leave a consistent count at a kill. The stale copies
     * a cut merge left are dropped.
     */
    PartitionLedger read(int partition, int base) {
        long oddVersion = -1;
        long oddSince = 0;
        for (int tries = 0; ; tries++) {
            long version = version(base);
            if ((version & 1) != 0) {
                if (version != oddVersion) {
                    oddVersion = version;
                    oddSince = System.nanoTime();
                }
                if (System.nanoTime() - oddSince < DEAD_WRITER.toNanos()) {
                    pause(tries);
                    continue;
                }
            }
            long count = Math.min(buffer.getLong(base), OffsetLedger.SEGMENTS);
            long highest = buffer.getLong(base + 8);
            List<OffsetSegment> segments = new ArrayList<>((int) Math.max(count, 0));
            for (int i = 0; i < count; i++) {
                int at = segmentAt(base, i);
                long from = buffer.getLong(at + 8);
                long to = buffer.getLong(at + 16);
                if (!segments.isEmpty()
                        && from <= segments.get(segments.size() - 1).toOffset()) {
                    continue;
                }
                long end = to == OPEN ? highest : to;
                segments.add(SegmentLayout.read(buffer, at, end, gaps(at, end)));
            }
            VarHandle.loadLoadFence();
            if (version(base) != version) {
                pause(tries);
                continue;
            }
            return segments.isEmpty()
                    ? null
                    : new PartitionLedger(partition, segments.get(0).fromOffset(), highest, segments);
        }
    }

    /** Spins a little, then gives the core away: on two cores the writer may need this one. */
    private static void pause(int tries) {
        if (tries < SPINS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /**
     * After a process was killed mid-write: drops the stale copies a cut merge left, evens the
     * version. Any other write a kill cut short leaves no overlap, so nothing else is dropped.
     */
    void repair(int base) {
        long count = Math.min(buffer.getLong(base), OffsetLedger.SEGMENTS);
        int kept = 0;
        long lastTo = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            int at = segmentAt(base, i);
            long from = buffer.getLong(at + 8);
            if (kept > 0 && from <= lastTo) {
                continue;
            }
            long to = buffer.getLong(at + 16);
            SegmentLayout.copy(buffer, at, segmentAt(base, kept++), SEGMENT);
            lastTo = to == OPEN ? Long.MAX_VALUE : to;
        }
        buffer.putLong(base, kept);
        endWrite(base);
    }

    /** A partition's version: odd while its owner writes it (read with acquire: the segments after it). */
    long version(int base) {
        return (long) LONGS.getAcquire(buffer, base + 16);
    }

    /**
     * Before any store into the partition's region: readers in other processes wait or read again.
     * A version already odd is a writer killed mid-write: its partition is repaired first, so the
     * version's parity always says whether a write is under way.
     */
    void beginWrite(int base) {
        if ((version(base) & 1) != 0) {
            repair(base);
        }
        LONGS.setOpaque(buffer, base + 16, version(base) + 1);
        VarHandle.storeStoreFence();
    }

    /** Publishes what was written (release: it is written before the even version). */
    void endWrite(int base) {
        LONGS.setRelease(buffer, base + 16, version(base) + 1);
    }

    /**
     * Merges each run of adjacent segments that count for no phase any more (released, warm-up,
     * already merged) into one {@link OffsetLedger#RELEASED} segment. Segments only move down, so each store
     * reads a slot not yet overwritten; the count is written last. Returns the new count.
     */
    int merge(int base, int count, long released) {
        int kept = 0;
        boolean merging = false;
        for (int i = 0; i < count; i++) {
            int at = segmentAt(base, i);
            int phase = buffer.getInt(at);
            long to = buffer.getLong(at + 16);
            boolean countsForNone = phase == OffsetLedger.RELEASED || phase == 0 || (phase > 0 && phase <= released);
            if (countsForNone && merging) {
                int last = segmentAt(base, kept - 1);
                // The offsets between two merged segments were never processed: gaps, not records.
                long lastTo = buffer.getLong(last + 16);
                long gap = Math.max(0, buffer.getLong(at + 8) - lastTo - 1);
                long sum = gaps(last, lastTo) + gaps(at, to) + gap;
                // Plain stores: a kill mid-merge may leave this released segment's gaps and redeliveries
                // miscounted, which no phase reads (released segments count for none).
                buffer.putLong(last + 16, to);
                buffer.putLong(last + 32, sum);
                buffer.putLong(last + 48, NO_PENDING);
                buffer.putLong(last + 24, buffer.getLong(last + 24) + buffer.getLong(at + 24));
                buffer.putInt(last + 4, buffer.getInt(last + 4) + buffer.getInt(at + 4));
                continue;
            }
            int into = segmentAt(base, kept++);
            SegmentLayout.copy(buffer, at, into, SEGMENT);
            if (countsForNone) {
                buffer.putInt(into, OffsetLedger.RELEASED);
            }
            merging = countsForNone;
        }
        buffer.putLong(base, kept);
        return kept;
    }

    /**
     * The gaps in the segment at {@code at} (offsets no record was processed at), whose highest processed offset is {@code
     * highest}. A gap is counted by three stores, a count waiting for its offset ({@code
     * pending}, its {@code tag}), and committed by the store of the partition's highest offset: until
     * that offset is the highest the pending count is not in effect, so a process killed before it
     * leaves the gap uncounted and the record unprocessed, and the record's second delivery counts
     * the gap once. The segment's {@code committed} count takes the pending one before the next gap.
     */
    long gaps(int at, long highest) {
        long tag = (long) LONGS.getAcquire(buffer, at + 48);
        return tag != NO_PENDING && tag <= highest ? buffer.getLong(at + 40) : buffer.getLong(at + 32);
    }

    /**
     * Counts {@code gap} offsets no record was processed at before {@code offset}, which the caller then makes the
     * highest. Each store is a release, so none moves before the one it follows (nor is dropped as
     * overwritten): the order is what a kill between two of them relies on.
     */
    void addGap(int at, long highest, long offset, long gap) {
        long now = gaps(at, highest);
        LONGS.setRelease(buffer, at + 32, now);
        LONGS.setRelease(buffer, at + 48, NO_PENDING);
        LONGS.setRelease(buffer, at + 40, now + gap);
        LONGS.setRelease(buffer, at + 48, offset);
        // The caller's store of the highest offset comes after all of these.
        VarHandle.storeStoreFence();
    }

    /** Segments are in offset order: the last one starting at or below the offset holds it (-1: none). */
    int segmentHolding(int base, long count, long offset) {
        int lo = 0;
        int hi = (int) Math.min(count, OffsetLedger.SEGMENTS) - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (buffer.getLong(segmentAt(base, mid) + 8) <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    static int segmentAt(int base, int index) {
        return base + HEADER + index * SEGMENT;
    }
}
