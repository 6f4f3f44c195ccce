package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Which offsets of each partition the consumer group has processed, and with which phase id: the
 * proof of continuity that sequence numbers alone cannot give. Consumption is in offset order
 * per partition, so an offset at or below the highest one processed has been processed before:
 * that record is <em>redelivered</em> (a restart or rebalance read it again), not new, whoever
 * processed it first. Offsets run in segments of one phase; a partition holds a handful.
 *
 * <p>The ledger lives in a memory-mapped file shared by every consumer-app instance of the group
 * on this host: a SIGKILLed instance's last writes are in the page cache, and the instance that
 * takes its partitions over continues the same ledger. Only a partition's owner writes the
 * partition's region, one 8-byte store per record in the common case. Each multi-store update is
 * ordered so that a process killed between two stores leaves the ledger counting that record as
 * not yet processed (it is read again and counted then), never as processed twice.
 *
 * <p>Layout (native byte order): a 64-byte header (magic, version, dimensions, a full flag, the
 * redeliveries from below a partition's first offset), then per partition its segment count, its
 * highest offset and {@value #SEGMENTS} segments of 32 bytes (phase id, from, to, redelivered;
 * {@code to} is -1 while the segment is the open one, whose end is the highest offset). About
 * 2 MiB. Not thread-safe: the recorder's lock guards it within a process.
 */
public final class OffsetLedger {

    public static final int MAX_PARTITIONS = 256;
    /** Two per phase (its warm-up and its measured part) with room for restarts and gaps. */
    public static final int SEGMENTS = 256;

    private static final long MAGIC = 0x4c41425f4c454447L; // "LAB_LEDG"
    private static final int VERSION = 1;
    private static final int HEADER = 64;
    private static final int FULL_AT = 20;
    private static final int BEFORE_START_AT = 24;
    private static final int SEGMENT = 32;
    private static final int PARTITION = 16 + SEGMENTS * SEGMENT;
    static final int SIZE = HEADER + MAX_PARTITIONS * PARTITION;
    private static final long OPEN = -1;

    private final ByteBuffer buffer;
    private final String location;

    private OffsetLedger(ByteBuffer buffer, String location) {
        this.buffer = buffer.order(ByteOrder.nativeOrder());
        this.location = location;
        if (this.buffer.getLong(0) != MAGIC
                || this.buffer.getInt(8) != VERSION
                || this.buffer.getInt(12) != MAX_PARTITIONS
                || this.buffer.getInt(16) != SEGMENTS) {
            format();
        }
    }

    /** The ledger in {@code file}, created if absent; an existing ledger of this layout is continued. */
    public static OffsetLedger open(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            // The mapping stays valid after the channel is closed.
            return new OffsetLedger(channel.map(FileChannel.MapMode.READ_WRITE, 0, SIZE), file.toString());
        }
    }

    /** A ledger of this process alone (tests, benchmarks). */
    public static OffsetLedger inMemory() {
        return new OffsetLedger(ByteBuffer.allocateDirect(SIZE), "(in memory)");
    }

    /**
     * Records that the record at {@code offset} of {@code partition}, of phase {@code phase}, was
     * processed. True when it is processed for the first time, false when it is redelivered.
     */
    public boolean deliver(int partition, long offset, int phase) {
        if (partition < 0 || partition >= MAX_PARTITIONS) {
            buffer.putInt(FULL_AT, 1);
            return true;
        }
        int base = HEADER + partition * PARTITION;
        long count = buffer.getLong(base);
        if (count == 0) {
            writeSegment(segmentAt(base, 0), phase, offset);
            buffer.putLong(base + 8, offset);
            buffer.putLong(base, 1);
            return true;
        }
        long highest = buffer.getLong(base + 8);
        if (offset <= highest) {
            countRedelivery(base, count, offset);
            return false;
        }
        int open = segmentAt(base, (int) count - 1);
        if (offset == highest + 1 && buffer.getInt(open) == phase && buffer.getLong(open + 16) == OPEN) {
            buffer.putLong(base + 8, offset);
            return true;
        }
        if (buffer.getLong(open + 16) == OPEN) {
            buffer.putLong(open + 16, highest);
        }
        if (count == SEGMENTS) {
            // Out of segments: offsets are still tracked (redeliveries stay exact), phases are not.
            buffer.putInt(FULL_AT, 1);
            buffer.putLong(base + 8, offset);
            return true;
        }
        writeSegment(segmentAt(base, (int) count), phase, offset);
        buffer.putLong(base, count + 1);
        buffer.putLong(base + 8, offset);
        return true;
    }

    /**
     * Forgets a partition whose ledger speaks of offsets the log does not have: it was written for
     * an earlier incarnation of the topic (deleted and created again, a fresh cluster). Called when
     * the partition is assigned, with the log's end offset then. True when it forgot.
     */
    public boolean forgetIfBeyond(int partition, long logEndOffset) {
        if (partition < 0 || partition >= MAX_PARTITIONS) {
            return false;
        }
        int base = HEADER + partition * PARTITION;
        if (buffer.getLong(base) > 0 && buffer.getLong(base + 8) >= logEndOffset) {
            buffer.putLong(base, 0);
            return true;
        }
        return false;
    }

    /** Forgets everything: call it with the stream quiet (between runs), as the runner does. */
    public void clear() {
        for (int p = 0; p < MAX_PARTITIONS; p++) {
            buffer.putLong(HEADER + p * PARTITION, 0);
        }
        buffer.putInt(FULL_AT, 0);
        buffer.putLong(BEFORE_START_AT, 0);
    }

    /** Where the ledger lives: its file, or "(in memory)". */
    public String location() {
        return location;
    }

    public LedgerView view() {
        List<PartitionLedger> partitions = new ArrayList<>();
        for (int p = 0; p < MAX_PARTITIONS; p++) {
            int base = HEADER + p * PARTITION;
            long count = Math.min(buffer.getLong(base), SEGMENTS);
            if (count <= 0) {
                continue;
            }
            long highest = buffer.getLong(base + 8);
            List<OffsetSegment> segments = new ArrayList<>((int) count);
            for (int i = 0; i < count; i++) {
                int at = segmentAt(base, i);
                long to = buffer.getLong(at + 16);
                segments.add(new OffsetSegment(
                        buffer.getInt(at), buffer.getLong(at + 8), to == OPEN ? highest : to, buffer.getLong(at + 24)));
            }
            partitions.add(new PartitionLedger(p, segments.get(0).fromOffset(), highest, segments));
        }
        return new LedgerView(null, buffer.getInt(FULL_AT) != 0, buffer.getLong(BEFORE_START_AT), partitions);
    }

    private void countRedelivery(int base, long count, long offset) {
        // Segments are in offset order: the last one starting at or below the offset holds it.
        int lo = 0;
        int hi = (int) Math.min(count, SEGMENTS) - 1;
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
        if (found < 0) {
            buffer.putLong(BEFORE_START_AT, buffer.getLong(BEFORE_START_AT) + 1);
            return;
        }
        int at = segmentAt(base, found) + 24;
        buffer.putLong(at, buffer.getLong(at) + 1);
    }

    private void writeSegment(int at, int phase, long from) {
        buffer.putInt(at, phase);
        buffer.putLong(at + 8, from);
        buffer.putLong(at + 16, OPEN);
        buffer.putLong(at + 24, 0);
    }

    private static int segmentAt(int base, int index) {
        return base + 16 + index * SEGMENT;
    }

    private void format() {
        for (int i = 0; i < SIZE; i += 8) {
            buffer.putLong(i, 0);
        }
        buffer.putLong(0, MAGIC);
        buffer.putInt(8, VERSION);
        buffer.putInt(12, MAX_PARTITIONS);
        buffer.putInt(16, SEGMENTS);
    }
}
