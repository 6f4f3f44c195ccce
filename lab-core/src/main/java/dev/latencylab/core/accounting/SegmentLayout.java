package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.OffsetSegment;
import java.nio.ByteBuffer;

/**
 * The part of a segment's layout both ledgers share (native byte order): phase id (int), duplicates
 * (int), from, to, redelivered; what follows is each ledger's own ({@link PartitionSegments}: the
 * gaps, {@link SharePartition}: the records). Read into a view and copied here; the per-record stores
 * into a segment stay in the ledgers, at constant offsets.
 */
final class SegmentLayout {

    private SegmentLayout() {}

    /**
     * The segment at {@code at} as the view gives it, with its end and its gaps as its ledger reads
     * them (an open segment ends at the partition's highest offset; a share segment's gaps are the
     * offsets it did not count a record at).
     */
    static OffsetSegment read(ByteBuffer b, int at, long to, long gaps) {
        return new OffsetSegment(b.getInt(at), b.getLong(at + 8), to, b.getLong(at + 24), b.getInt(at + 4), gaps);
    }

    /** Copies the segment at {@code from} over the one at {@code to}, {@code size} bytes (a multiple of 8). */
    static void copy(ByteBuffer b, int from, int to, int size) {
        if (from != to) {
            for (int k = 0; k < size; k += 8) {
                b.putLong(to + k, b.getLong(from + k));
            }
        }
    }
}
