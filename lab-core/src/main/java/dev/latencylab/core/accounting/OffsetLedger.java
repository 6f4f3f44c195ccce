package dev.latencylab.core.accounting;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which offsets of each partition the consumer group has processed, and with which phase id: the
 * proof of continuity that sequence numbers alone cannot give. Consumption is in offset order
 * per partition, so an offset at or below the highest one processed has been processed before:
 * that record is <em>redelivered</em> (a restart or rebalance read it again), not new, whoever
 * processed it first. Offsets run in segments of one phase; a partition holds a handful. Within a
 * phase's segment, offsets the group was not given (a transaction's marker) and warm-up records
 * (phase 0, which several producer-apps interleave with the phase as each hears of a switch) are
 * gaps: counted for no phase.
 *
 * <p>The ledger lives in a memory-mapped file shared by every consumer-app instance of the group
 * on this host: a SIGKILLed instance's last writes are in the page cache, and the instance that
 * takes its partitions over continues the same ledger. Only a partition's owner writes the
 * partition's region, one 8-byte store per record in the common case, between two stores of the
 * partition's version (odd while it writes): the other instances read the whole ledger for the
 * runner with no lock shared between processes, and read a partition again when its version moved,
 * so no count is read half-updated. Each multi-store update is
 * ordered so that a process killed between two stores leaves the ledger counting that record as
 * not yet processed (it is read again and counted then), never as processed twice.
 *
 * <p>Capacity: {@link AccountingLimits#LEDGER_SEGMENTS} segments per partition at once. When a
 * partition runs out, the segments of released phases ({@link #release}) and of warm-ups (phase
 * 0, never counted) are merged into one segment of phase {@link #RELEASED}; only when that frees
 * nothing is the limit hit. A limit hit is never silent: {@link LedgerView#limitHit()} names it,
 * and the runner stops the run with it. Partitions at or beyond {@link
 * AccountingLimits#MAX_PARTITIONS} are a limit hit too.
 *
 * <p>A merge rewrites a partition's segments in place, inside the same odd version: a process
 * killed in the middle of one leaves it odd, which the next writer of the partition repairs
 * (segments only move down, so a stale copy of one starts at or below the end of the segment
 * before it and is dropped; {@link #view} drops them too).
 *
 * <p>Layout (native byte order): a 64-byte header (magic, version, dimensions, the limit hit, the
 * redeliveries from below a partition's first offset, the highest released phase id, the
 * ledger's identity, the partition that hit the limit), then per partition its segment count, its
 * highest offset, its version and its segments of 56 bytes (phase id, duplicates, from, to,
 * redelivered, gaps; {@code to} is -1 while the segment is the open one, whose end is the highest
 * offset). About 34 MiB mapped, of which only the partitions used are ever touched. Not
 * thread-safe: the recorder's lock guards it within a process.
 */
public final class OffsetLedger implements GroupLedger {

    public static final int MAX_PARTITIONS = AccountingLimits.MAX_PARTITIONS;
    public static final int SEGMENTS = AccountingLimits.LEDGER_SEGMENTS;
    /** The phase id of segments merged from released phases and warm-ups: counted for no phase. */
    public static final int RELEASED = -1;
    /** The phase id of records sent outside any named phase (warm-ups): counted for no phase. */
    private static final int WARM_UP = 0;

    private static final long MAGIC = 0x4c41425f4c454447L; // "LAB_LEDG"
    private static final int VERSION = 4;
    private static final int HEADER = 64;
    private static final int LIMIT_AT = 20;
    private static final int BEFORE_START_AT = 24;
    private static final int RELEASED_AT = 32;
    private static final int ID_AT = 40;
    private static final int LIMIT_PARTITION_AT = 56;
    private static final int NO_LIMIT = 0;
    private static final int SEGMENTS_LIMIT = 1;
    private static final int PARTITIONS_LIMIT = 2;
    private static final int PARTITION = PartitionSegments.HEADER + SEGMENTS * PartitionSegments.SEGMENT;

    static final int SIZE = HEADER + MAX_PARTITIONS * PARTITION;
    private static final long OPEN = PartitionSegments.OPEN;

    private final ByteBuffer buffer;
    private final PartitionSegments segments;
    private final LedgerHeader header;
    /**
     * Per partition, where this process's reading of it began when it was assigned and it has processed
     * nothing of it since (-1: none): its first record's segment starts there ({@link #readsFrom}).
     */
    private final long[] readFrom = new long[MAX_PARTITIONS];

    private OffsetLedger(ByteBuffer buffer) {
        this.buffer = buffer.order(ByteOrder.nativeOrder());
        this.segments = new PartitionSegments(this.buffer);
        this.header = new LedgerHeader(this.buffer, LIMIT_AT, LIMIT_PARTITION_AT, BEFORE_START_AT, RELEASED_AT, ID_AT);
        if (!formatted(this.buffer)) {
            format();
        }
        Arrays.fill(readFrom, -1);
    }

    /**
     * The ledger in {@code file}, created if absent; an existing ledger of this layout is continued.
     * A symbolic link is refused, not followed: the ledger is mapped read-write and may be
     * formatted, so a link planted in its place would have this process overwrite another file.
     */
    public static OffsetLedger open(Path file) throws IOException {
        try (FileChannel channel = LedgerFile.open(file, "offset ledger");
                FileLock lock = channel.lock()) {
            // Locked: the instances of a group open the ledger together, and only one may format it.
            ByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, SIZE);
            if (!formatted(mapped.order(ByteOrder.nativeOrder())) && mapped.getLong(0) != 0) {
                // Another layout: emptied by truncation, so the mapping reads zeros without this
                // process touching every page of it.
                channel.truncate(0);
                mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, SIZE);
            }
            // The mapping stays valid after the channel is closed.
            return new OffsetLedger(mapped);
        }
    }

    /** A ledger of this process alone (tests, benchmarks). */
    public static OffsetLedger inMemory() {
        return new OffsetLedger(ByteBuffer.allocateDirect(SIZE));
    }

    /**
     * Records that the record at {@code offset} of {@code partition}, of phase {@code phase}, was
     * processed. True when it is processed for the first time, false when it is redelivered.
     */
    @Override
    public boolean deliver(int partition, long offset, int phase) {
        if (beyondPartitions(partition)) {
            hitLimit(PARTITIONS_LIMIT, partition);
            return true;
        }
        int base = HEADER + partition * PARTITION;
        segments.beginWrite(base);
        try {
            return deliver(base, partition, offset, phase);
        } finally {
            segments.endWrite(base);
        }
    }

    /** {@link #deliver(int, long, int)} inside the partition's write. */
    private boolean deliver(int base, int partition, long offset, int phase) {
        long count = buffer.getLong(base);
        if (count == 0) {
            int first = PartitionSegments.segmentAt(base, 0);
            long start = readFrom[partition];
            readFrom[partition] = -1;
            long from = start >= 0 ? Math.min(start, offset) : offset;
            writeSegment(first, phase, from);
            // Offsets between where this process's reading began and its first record were never given to
            // the group (a transaction's marker at the offset another host committed): gaps, so the partition's
            // offsets run on from the host it moved from without a hole (HostLedgers). None when it began at
            // the record; the segment is new, so any offset below the record stands for the highest before.
            segments.addGap(first, from, offset, offset - from);
            buffer.putLong(base + 8, offset);
            buffer.putLong(base, 1);
            return true;
        }
        long highest = buffer.getLong(base + 8);
        if (offset <= highest) {
            countRedelivery(base, count, offset);
            return false;
        }
        int open = PartitionSegments.segmentAt(base, (int) count - 1);
        if (buffer.getInt(open) == phase && buffer.getLong(open + 16) == OPEN) {
            if (offset > highest + 1) {
                // A gap inside a phase is offsets the group was not given (a transaction's marker, an
                // aborted transaction's records under read_committed): a gap, in the same segment,
                // so a transaction per 10 ms does not open a segment per 10 ms.
                segments.addGap(open, highest, offset, offset - highest - 1);
            }
            buffer.putLong(base + 8, offset);
            return true;
        }
        if (phase == WARM_UP && buffer.getInt(open) > WARM_UP && buffer.getLong(open + 16) == OPEN) {
            // A warm-up's record inside a counted phase's run: several producer-apps never switch phase
            // at one instant, and their records of the phase and of the warm-up around it alternate in
            // a partition. The record is an offset not the phase's, a gap like a transaction's marker, so
            // the alternation fills no segments; the phase's count stays its own records.
            segments.addGap(open, highest, offset, offset - highest);
            buffer.putLong(base + 8, offset);
            return true;
        }
        if (buffer.getLong(open + 16) == OPEN) {
            buffer.putLong(open + 16, highest);
        }
        if (outOfSegments(count)) {
            count = segments.merge(base, (int) count, buffer.getLong(RELEASED_AT));
        }
        if (outOfSegments(count)) {
            // Still out of segments: offsets are still tracked (redeliveries stay exact), phases
            // are not, and the limit is said.
            hitLimit(SEGMENTS_LIMIT, partition);
            buffer.putLong(base + 8, offset);
            return true;
        }
        writeSegment(PartitionSegments.segmentAt(base, (int) count), phase, offset);
        buffer.putLong(base, count + 1);
        buffer.putLong(base + 8, offset);
        return true;
    }

    @Override
    public long highestOffset(int partition) {
        if (beyondPartitions(partition)) {
            return -1;
        }
        int base = HEADER + partition * PARTITION;
        return buffer.getLong(base) == 0 ? -1 : buffer.getLong(base + 8);
    }

    /**
     * Records that the record just delivered at {@code offset} was a second copy of one the
     * producer had written before: counted with the offset's segment, so the count is the group's
     * and outlives the instance that saw it.
     */
    @Override
    public void duplicate(int partition, long offset) {
        if (beyondPartitions(partition)) {
            return;
        }
        int base = HEADER + partition * PARTITION;
        int found = segments.segmentHolding(base, buffer.getLong(base), offset);
        if (found >= 0) {
            int at = PartitionSegments.segmentAt(base, found) + 4;
            segments.beginWrite(base);
            buffer.putInt(at, buffer.getInt(at) + 1);
            segments.endWrite(base);
        }
    }

    /**
     * The phases up to {@code throughPhase} are closed and stored by the runner: their segments may
     * be merged when a partition needs room. Any instance may call it; the highest id wins.
     */
    @Override
    public void release(int throughPhase) {
        header.release(throughPhase);
    }

    /**
     * Forgets a partition whose ledger speaks of offsets the log does not have: it was written for
     * an earlier incarnation of the topic (deleted and created again, a fresh cluster). Called when
     * the partition is assigned, with the log's end offset then. True when it forgot.
     */
    @Override
    public boolean forgetIfBeyond(int partition, long logEndOffset) {
        if (beyondPartitions(partition)) {
            return false;
        }
        int base = HEADER + partition * PARTITION;
        if (buffer.getLong(base) > 0 && buffer.getLong(base + 8) >= logEndOffset) {
            forget(base);
            return true;
        }
        return false;
    }

    /**
     * The partition was assigned to this process, its reading to begin at {@code position} (its
     * consumer's position then; -1 when it was revoked). When the ledger holds nothing of the partition
     * yet, the segment of the first record this process processes starts there, the offsets before that
     * record counted as gaps: a partition that moved from another host, whose commit pointed at a
     * transaction's marker, then reads as one run of offsets in the group's ledgers.
     */
    @Override
    public void readsFrom(int partition, long position) {
        if (!beyondPartitions(partition)) {
            readFrom[partition] = position;
        }
    }

    /** Forgets everything: call it with the stream quiet (between runs, a topic created anew). */
    @Override
    public void clear() {
        Arrays.fill(readFrom, -1);
        for (int p = 0; p < MAX_PARTITIONS; p++) {
            int base = HEADER + p * PARTITION;
            if (buffer.getLong(base) != 0) {
                forget(base);
            }
        }
        header.clear(NO_LIMIT);
    }

    /** Whose ledger this is: the same for every process that maps the same file. */
    public String id() {
        return header.id();
    }

    @Override
    public LedgerView view() {
        List<PartitionLedger> partitions = new ArrayList<>();
        for (int p = 0; p < MAX_PARTITIONS; p++) {
            int base = HEADER + p * PARTITION;
            if (buffer.getLong(base) <= 0) {
                continue;
            }
            PartitionLedger read = segments.read(p, base);
            if (read != null) {
                partitions.add(read);
            }
        }
        return header.view(limitHit(), partitions);
    }

    private String limitHit() {
        int partition = buffer.getInt(LIMIT_PARTITION_AT);
        return switch (buffer.getInt(LIMIT_AT)) {
            case NO_LIMIT -> null;
            case PARTITIONS_LIMIT ->
                "partition " + partition + " is beyond the offset ledger's " + MAX_PARTITIONS
                        + " partitions (a topic's partitions are at most " + MAX_PARTITIONS + ")";
            default ->
                "partition " + partition + " needed more than " + SEGMENTS
                        + " offset segments at once in the offset ledger (a record of another phase than the one"
                        + " before it in the partition opens one; phases the runner released are merged): a phase that"
                        + " is never released, or records of phases interleaved in one partition (several producer"
                        + " instances switching phase milliseconds apart)";
        };
    }

    /** The partitions limit: a partition the ledger has no room for, counted nowhere but said. */
    static boolean beyondPartitions(int partition) {
        return partition < 0 || partition >= MAX_PARTITIONS;
    }

    /** The segments limit: a partition holding all the segments it may. */
    static boolean outOfSegments(long count) {
        return count >= SEGMENTS;
    }

    /** Keeps the first limit hit: what broke first is what the run stops on. */
    private void hitLimit(int which, int partition) {
        if (buffer.getInt(LIMIT_AT) == NO_LIMIT) {
            buffer.putInt(LIMIT_PARTITION_AT, partition);
            buffer.putInt(LIMIT_AT, which);
        }
    }

    private void countRedelivery(int base, long count, long offset) {
        int found = segments.segmentHolding(base, count, offset);
        if (found < 0) {
            header.countBeforeStart();
            return;
        }
        int at = PartitionSegments.segmentAt(base, found) + 24;
        buffer.putLong(at, buffer.getLong(at) + 1);
    }

    private void forget(int base) {
        segments.beginWrite(base);
        buffer.putLong(base, 0);
        segments.endWrite(base);
    }

    private void writeSegment(int at, int phase, long from) {
        buffer.putInt(at, phase);
        buffer.putInt(at + 4, 0);
        buffer.putLong(at + 8, from);
        buffer.putLong(at + 16, OPEN);
        buffer.putLong(at + 24, 0);
        buffer.putLong(at + 32, 0);
        buffer.putLong(at + 40, 0);
        buffer.putLong(at + 48, PartitionSegments.NO_PENDING);
    }

    private static boolean formatted(ByteBuffer b) {
        return b.getLong(0) == MAGIC
                && b.getInt(8) == VERSION
                && b.getInt(12) == MAX_PARTITIONS
                && b.getInt(16) == SEGMENTS;
    }

    /** Writes the header of an empty ledger: the rest of a new or truncated mapping reads as zeros already. */
    private void format() {
        if (buffer.getLong(0) != 0) {
            for (int i = 0; i < SIZE; i += 8) {
                buffer.putLong(i, 0);
            }
        }
        header.newId();
        buffer.putInt(8, VERSION);
        buffer.putInt(12, MAX_PARTITIONS);
        buffer.putInt(16, SEGMENTS);
        buffer.putLong(0, MAGIC);
    }
}
