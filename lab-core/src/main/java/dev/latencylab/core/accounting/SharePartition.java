package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * One partition of a {@link ShareLedger}: which of its offsets a share group has processed, when
 * they arrive in any order and at any member. A ring of {@link #WINDOW} slots above the <em>watermark</em>
 * (every offset up to it settled) holds each settled offset in the slot {@code offset mod WINDOW},
 * tagged with the partition's epoch: a slot names the offset it was written for, so a slot is never
 * cleared. An offset is settled when its record was processed, or <em>passed</em>: the group was given
 * no record of the lab's there, or another group processed it. Segments give each phase its run of
 * offsets and count its records one by one ({@link ShareLedger} makes each count and its slot one
 * step a kill cannot split).
 *
 * <p>Layout (native byte order): started (first offset + 1; 0 when not started), watermark, segment
 * count, epoch, version (odd while segments are compacted), then {@link #SEGMENTS} segments of 48
 * bytes (phase, duplicates, from, to, redelivered, records), then the slots. Not thread-safe.
 */
final class SharePartition {

    /** Offsets ahead of the lowest unsettled one that the ring can hold. */
    static final int WINDOW = 1 << 20;

    static final int SEGMENTS = OffsetLedger.SEGMENTS;
    static final long MAX_OFFSET = (1L << 44) - 2;
    private static final long PASSED = 1L << 44;
    private static final int SEGMENT = 48;
    private static final int SEGMENTS_AT = 64;
    private static final int SLOTS_AT = SEGMENTS_AT + SEGMENTS * SEGMENT;
    static final long SIZE = SLOTS_AT + (long) WINDOW * 8;

    /** What an offset's arrival is, before anything is written. */
    enum Arrival {
        NEW,
        AGAIN,
        BEFORE_START,
        BEYOND_WINDOW
    }

    private final ByteBuffer b;

    SharePartition(ByteBuffer region) {
        this.b = region.order(ByteOrder.nativeOrder());
    }

    boolean started() {
        return b.getLong(0) != 0;
    }

    long firstOffset() {
        return b.getLong(0) - 1;
    }

    /**
     * The share group reads on from {@code firstOffset}: a partition not started starts there; a
     * started one settles every offset below it (another group read them), keeping what it holds.
     */
    void startAt(long firstOffset) {
        if (started()) {
            if (firstOffset - 1 > b.getLong(8)) {
                b.putLong(8, firstOffset - 1);
            }
            return;
        }
        if (b.getLong(24) == 0) {
            b.putLong(24, 1);
        }
        b.putLong(16, 0);
        b.putLong(8, firstOffset - 1);
        b.putLong(0, firstOffset + 1); // last: the partition counts as started once the rest is written
    }

    /** Forgets the offsets (a topic made anew): the epoch first, so no slot of before matches again. */
    void forget() {
        b.putLong(24, b.getLong(24) + 1);
        b.putLong(0, 0);
        b.putLong(16, 0);
    }

    /** Forgets the phases, not the offsets: a reset counts afresh while the group reads on. */
    void dropSegments() {
        b.putLong(16, 0);
    }

    /**
     * What the arrival of {@code offset} is; a record processed again is counted with its segment.
     * Repairs first a watermark a kill left behind its slots.
     */
    Arrival arrival(long offset) {
        if (version() % 2 != 0) {
            repair();
        }
        long watermark = b.getLong(8);
        if (settled(watermark + 1)) {
            watermark = advance(watermark);
            b.putLong(8, watermark);
        }
        if (offset <= watermark || settled(offset)) {
            if (offset < firstOffset()) {
                return Arrival.BEFORE_START;
            }
            int s = holding(offset);
            if (s >= 0) {
                b.putLong(s + 24, b.getLong(s + 24) + 1);
            }
            return Arrival.AGAIN;
        }
        if (offset - watermark > WINDOW || offset > MAX_OFFSET) {
            return Arrival.BEYOND_WINDOW;
        }
        return Arrival.NEW;
    }

    /** Whether {@code offset} is settled: at or below the watermark, or in its slot. */
    boolean processed(long offset) {
        return offset <= b.getLong(8) || settled(offset);
    }

    /** Settles {@code offset} as processed ({@code passed} false) or passed, and moves the watermark. */
    void settle(long offset, boolean passed) {
        b.putLong(slotAt(offset), tag(offset) | (passed ? PASSED : 0));
        long watermark = b.getLong(8);
        if (offset == watermark + 1) {
            b.putLong(8, advance(offset));
        }
    }

    /**
     * The index of a segment of {@code phase} made to cover {@code offset}: the phase's run that reaches
     * it without crossing another phase's, else a new run; -1 when no segment could be had.
     */
    int cover(long offset, int phase, long released) {
        int count = (int) b.getLong(16);
        if (count > 0) {
            int last = segmentAt(count - 1);
            if (b.getInt(last) == phase && offset >= b.getLong(last + 8) && offset <= b.getLong(last + 16)) {
                return count - 1;
            }
        }
        for (int i = count - 1; i >= 0; i--) {
            int s = segmentAt(i);
            if (b.getInt(s) != phase) {
                continue;
            }
            long from = b.getLong(s + 8);
            long to = b.getLong(s + 16);
            if (offset >= from && offset <= to) {
                return i;
            }
            long low = Math.min(offset, from);
            long high = Math.max(offset, to);
            if (!overlapsOther(i, low, high, count)) {
                b.putLong(s + 8, low);
                b.putLong(s + 16, high);
                return i;
            }
        }
        if (count == SEGMENTS) {
            count = compact(released);
        }
        if (count == SEGMENTS) {
            return -1;
        }
        int s = segmentAt(count);
        b.putInt(s, phase);
        b.putInt(s + 4, 0);
        b.putLong(s + 8, offset);
        b.putLong(s + 16, offset);
        b.putLong(s + 24, 0);
        b.putLong(s + 32, 0);
        b.putLong(16, count + 1);
        return count;
    }

    long records(int segment) {
        return b.getLong(segmentAt(segment) + 32);
    }

    void records(int segment, long records) {
        b.putLong(segmentAt(segment) + 32, records);
    }

    /** A second copy of a record the producer wrote before: counted with the offset's segment. */
    void duplicate(long offset) {
        int s = holding(offset);
        if (s >= 0) {
            b.putInt(s + 4, b.getInt(s + 4) + 1);
        }
    }

    long highestSettledInOrder() {
        return advance(b.getLong(8));
    }

    PartitionLedger view(int partition) {
        if (version() % 2 != 0) {
            repair();
        }
        List<OffsetSegment> segments = new ArrayList<>();
        int count = (int) b.getLong(16);
        for (int i = 0; i < count; i++) {
            int s = segmentAt(i);
            long to = b.getLong(s + 16);
            segments.add(SegmentLayout.read(b, s, to, to - b.getLong(s + 8) + 1 - b.getLong(s + 32)));
        }
        return new PartitionLedger(partition, firstOffset(), highestSettledInOrder(), segments);
    }

    private boolean settled(long offset) {
        return (b.getLong(slotAt(offset)) & ~PASSED) == tag(offset);
    }

    /** The highest offset from {@code watermark} on up to which every one is settled. */
    private long advance(long watermark) {
        long w = watermark;
        while (settled(w + 1)) {
            w++;
        }
        return w;
    }

    private boolean overlapsOther(int except, long low, long high, int count) {
        for (int i = 0; i < count; i++) {
            int s = segmentAt(i);
            if (i != except && b.getLong(s + 8) <= high && b.getLong(s + 16) >= low) {
                return true;
            }
        }
        return false;
    }

    /**
     * Drops the segments of stored phases and warm-ups: the slots still tell a redelivery, and no
     * count of theirs is asked for again. Bracketed by the version: a kill in the middle leaves a
     * segment copied twice, which {@link #repair} drops.
     */
    private int compact(long released) {
        int count = (int) b.getLong(16);
        b.putLong(32, version() + 1);
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int s = segmentAt(i);
            int phase = b.getInt(s);
            if (phase == 0 || phase <= released) {
                continue;
            }
            if (kept != i) {
                SegmentLayout.copy(b, s, segmentAt(kept), SEGMENT);
            }
            kept++;
        }
        b.putLong(16, kept);
        b.putLong(32, version() + 1);
        return kept;
    }

    /** After a kill inside {@link #compact}: a segment with the same phase and start as an earlier one goes. */
    private void repair() {
        int count = (int) b.getLong(16);
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int s = segmentAt(i);
            boolean seen = false;
            for (int j = 0; j < kept && !seen; j++) {
                int t = segmentAt(j);
                seen = b.getInt(t) == b.getInt(s) && b.getLong(t + 8) == b.getLong(s + 8);
            }
            if (!seen) {
                if (kept != i) {
                    SegmentLayout.copy(b, s, segmentAt(kept), SEGMENT);
                }
                kept++;
            }
        }
        b.putLong(16, kept);
        b.putLong(32, version() + 1);
    }

    private int holding(long offset) {
        int count = (int) b.getLong(16);
        for (int i = count - 1; i >= 0; i--) {
            int s = segmentAt(i);
            if (offset >= b.getLong(s + 8) && offset <= b.getLong(s + 16)) {
                return s;
            }
        }
        return -1;
    }

    private long version() {
        return b.getLong(32);
    }

    private long tag(long offset) {
        return (b.getLong(24) << 45) | (offset + 1);
    }

    private static int segmentAt(int index) {
        return SEGMENTS_AT + index * SEGMENT;
    }

    private static int slotAt(long offset) {
        return SLOTS_AT + (int) Math.floorMod(offset, (long) WINDOW) * 8;
    }
}
