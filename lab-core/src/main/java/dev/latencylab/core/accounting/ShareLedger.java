package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The offset ledger of a share group: the members of a share group are given one partition's records
 * in any order, several at once, and a record whose acquisition lock ran out again, so "at or below
 * the highest offset processed" no longer tells a redelivery. Each partition is a {@link
 * SharePartition}; the view has the offset ledger's shape, with the highest offset the one up to
 * which every offset is processed, so the phase fence and the counts read it unchanged.
 *
 * <p>One process at a time: the file is locked for as long as the ledger is open, so a second
 * instance of the group on this host is refused with the reason instead of writing the same slots.
 * A SIGKILLed process's lock goes with it and its writes stay in the page cache: the next instance
 * continues the same ledger. Partitions are mapped when first used (about 8 MiB each, sparse).
 */
public final class ShareLedger implements GroupLedger, AutoCloseable {

    public static final int MAX_PARTITIONS = OffsetLedger.MAX_PARTITIONS;
    /** Offsets ahead of a partition's lowest unprocessed one that can be recorded. */
    public static final int WINDOW = SharePartition.WINDOW;

    private static final long MAGIC = 0x4c41425f53484c47L; // "LAB_SHLG"
    private static final int VERSION = 1;
    private static final int HEADER = 4096;
    private static final int LIMIT_AT = 24;
    private static final int LIMIT_PARTITION_AT = 28;
    private static final int BEFORE_START_AT = 32;
    private static final int RELEASED_AT = 40;
    private static final int ID_AT = 48;
    /** One bit per partition ever started: what a reopened ledger holds, without mapping every partition. */
    private static final int STARTED_AT = 64;
    /**
     * The delivery in progress (valid flag, partition, segment, offset, the segment's records before):
     * one at a time, under the recorder's lock, so a process killed in the middle left at most this one
     * half done, and the next process to open the ledger finishes or undoes it before anything else.
     */
    private static final int INTENT_AT = 2048;

    private static final int NO_LIMIT = 0;
    private static final int PARTITIONS_LIMIT = 1;
    private static final int WINDOW_LIMIT = 2;
    private static final int SEGMENTS_LIMIT = 3;

    private final FileChannel channel;
    private final FileLock lock;
    private final ByteBuffer header;
    private final LedgerHeader fields;
    private final TreeMap<Integer, SharePartition> partitions = new TreeMap<>();

    private ShareLedger(FileChannel channel, FileLock lock, ByteBuffer header) {
        this.channel = channel;
        this.lock = lock;
        this.header = header.order(ByteOrder.nativeOrder());
        this.fields = new LedgerHeader(this.header, LIMIT_AT, LIMIT_PARTITION_AT, BEFORE_START_AT, RELEASED_AT, ID_AT);
    }

    /**
     * The ledger in {@code file}, created if absent, continued if of this layout, emptied if not.
     *
     * @throws IOException also when another process has it open, or {@code file} is a symbolic link
     */
    public static ShareLedger open(Path file) throws IOException {
        FileChannel channel = LedgerFile.open(file, "share ledger");
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException held) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new IOException("the share ledger " + file + " is in use by another consumer-app instance of the"
                    + " group on this host: one instance per host reads a share group (give it more consumers)");
        }
        try {
            ByteBuffer mapped =
                    channel.map(FileChannel.MapMode.READ_WRITE, 0, HEADER).order(ByteOrder.nativeOrder());
            if (!formatted(mapped) && mapped.getLong(0) != 0) {
                channel.truncate(0); // another layout: its slots mean nothing here
                mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, HEADER).order(ByteOrder.nativeOrder());
            }
            ShareLedger ledger = new ShareLedger(channel, lock, mapped);
            if (!formatted(mapped)) {
                ledger.format();
            }
            ledger.settleIntent();
            return ledger;
        } catch (IOException | RuntimeException e) {
            lock.release(); // or this process would refuse the file to itself from now on
            channel.close();
            throw e;
        }
    }

    /** A ledger of this process alone (tests): partitions in direct buffers. */
    public static ShareLedger inMemory() {
        ShareLedger ledger = new ShareLedger(null, null, ByteBuffer.allocateDirect(HEADER));
        ledger.format();
        return ledger;
    }

    /** Whether the ledger holds {@code partition}: a share group read it since it was last forgotten. */
    public boolean started(int partition) {
        SharePartition p = partition(partition);
        return p != null && p.started();
    }

    /**
     * The share group reads {@code partition} on from {@code firstOffset}: a partition not started
     * starts there; a started one settles every offset below it (the consumer group read them).
     */
    public void startAt(int partition, long firstOffset) {
        SharePartition p = partition(partition);
        if (p == null) {
            hitLimit(PARTITIONS_LIMIT, partition);
            return;
        }
        p.startAt(firstOffset);
        markStarted(partition);
    }

    @Override
    public long highestOffset(int partition) {
        SharePartition p = partition(partition);
        return p != null && p.started() ? p.highestSettledInOrder() : -1;
    }

    /** Whether the record at {@code offset} was processed (or passed): at or below the watermark, or in its slot. */
    public boolean processed(int partition, long offset) {
        SharePartition p = partition(partition);
        return p != null && p.started() && p.processed(offset);
    }

    /**
     * Settles {@code offset} without a record of the share group's: another group processed it, or
     * the record was none of the lab's. The watermark moves over it; no phase counts it.
     */
    public void pass(int partition, long offset) {
        SharePartition p = partition(partition);
        if (p != null && p.started() && p.arrival(offset) == SharePartition.Arrival.NEW) {
            p.settle(offset, true);
        }
    }

    @Override
    public boolean deliver(int partition, long offset, int phase) {
        SharePartition p = partition(partition);
        if (p == null) {
            hitLimit(PARTITIONS_LIMIT, partition);
            return true;
        }
        if (!p.started()) {
            // Not started by the app (a partition added later): its first record opens it.
            startAt(partition, offset);
        }
        switch (p.arrival(offset)) {
            case AGAIN -> {
                return false;
            }
            case BEFORE_START -> {
                fields.countBeforeStart();
                return false;
            }
            case BEYOND_WINDOW -> {
                hitLimit(WINDOW_LIMIT, partition);
                return true;
            }
            default -> {}
        }
        int segment = p.cover(offset, phase, header.getLong(RELEASED_AT));
        if (segment < 0) {
            hitLimit(SEGMENTS_LIMIT, partition);
            p.settle(offset, false);
            return true;
        }
        count(p, partition, segment, offset, false);
        return true;
    }

    /** The count and the slot, as one step: see {@link #INTENT_AT}. {@code killedBeforeSlot}: a test's kill. */
    private void count(SharePartition p, int partition, int segment, long offset, boolean killedBeforeSlot) {
        long before = p.records(segment);
        header.putInt(INTENT_AT + 4, partition);
        header.putInt(INTENT_AT + 8, segment);
        header.putLong(INTENT_AT + 16, offset);
        header.putLong(INTENT_AT + 24, before);
        header.putInt(INTENT_AT, 1);
        p.records(segment, before + 1);
        if (killedBeforeSlot) {
            return;
        }
        p.settle(offset, false);
        header.putInt(INTENT_AT, 0);
    }

    /** A delivery killed after its count and before its slot (tests): what {@link #open} must undo. */
    void deliverKilledBeforeSlot(int partition, long offset, int phase) {
        SharePartition p = partition(partition);
        count(p, partition, p.cover(offset, phase, header.getLong(RELEASED_AT)), offset, true);
    }

    /** A delivery a kill cut short: its count stands if its slot was written (the last step), else it goes. */
    private void settleIntent() {
        if (header.getInt(INTENT_AT) == 0) {
            return;
        }
        int partition = header.getInt(INTENT_AT + 4);
        SharePartition p = partition(partition);
        if (p != null && !p.processed(header.getLong(INTENT_AT + 16))) {
            p.records(header.getInt(INTENT_AT + 8), header.getLong(INTENT_AT + 24));
        }
        header.putInt(INTENT_AT, 0);
    }

    @Override
    public void duplicate(int partition, long offset) {
        SharePartition p = partition(partition);
        if (p != null && p.started()) {
            p.duplicate(offset);
        }
    }

    @Override
    public void release(int throughPhase) {
        fields.release(throughPhase);
    }

    @Override
    public boolean forgetIfBeyond(int partition, long logEndOffset) {
        SharePartition p = partition(partition);
        if (p != null && p.started() && p.highestSettledInOrder() >= logEndOffset) {
            p.forget();
            return true;
        }
        return false;
    }

    /**
     * A topic made anew: its offsets are another log's, starting at 0, so each partition starts again
     * there (not unstarted, or the first record to arrive would start it, and records below it, handed
     * to another consumer, would be taken for records from before the start).
     */
    @Override
    public void forget() {
        startedPartitions().forEach(number -> {
            SharePartition p = partition(number);
            p.forget();
            p.startAt(0);
        });
        clear();
    }

    @Override
    public void clear() {
        // The phases go, not the offsets: the share group may read on, and what it processed stays known.
        startedPartitions().forEach(number -> partition(number).dropSegments());
        fields.clear(NO_LIMIT);
    }

    public String id() {
        return fields.id();
    }

    @Override
    public LedgerView view() {
        List<PartitionLedger> views = new ArrayList<>();
        for (int number : startedPartitions()) {
            SharePartition p = partition(number);
            if (p.started()) {
                views.add(p.view(number));
            }
        }
        return fields.view(limitHit(), views);
    }

    /** Gives the file back to the group's other instances (the mappings stay valid until collected). */
    @Override
    public void close() throws IOException {
        if (channel != null) {
            lock.release();
            channel.close();
        }
    }

    private SharePartition partition(int partition) {
        if (partition < 0 || partition >= MAX_PARTITIONS) {
            return null;
        }
        SharePartition p = partitions.get(partition);
        if (p == null) {
            p = new SharePartition(region(partition));
            partitions.put(partition, p);
        }
        return p;
    }

    private ByteBuffer region(int partition) {
        if (channel == null) {
            return ByteBuffer.allocateDirect((int) SharePartition.SIZE);
        }
        try {
            return channel.map(
                    FileChannel.MapMode.READ_WRITE, HEADER + partition * SharePartition.SIZE, SharePartition.SIZE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map partition " + partition + " of the share ledger", e);
        }
    }

    private void markStarted(int partition) {
        int at = STARTED_AT + partition / 8;
        header.put(at, (byte) (header.get(at) | (1 << (partition % 8))));
    }

    private List<Integer> startedPartitions() {
        List<Integer> started = new ArrayList<>();
        for (int partition = 0; partition < MAX_PARTITIONS; partition++) {
            if ((header.get(STARTED_AT + partition / 8) & (1 << (partition % 8))) != 0) {
                started.add(partition);
            }
        }
        return started;
    }

    private String limitHit() {
        int partition = header.getInt(LIMIT_PARTITION_AT);
        return switch (header.getInt(LIMIT_AT)) {
            case NO_LIMIT -> null;
            case PARTITIONS_LIMIT ->
                "partition " + partition + " is beyond the share ledger's " + MAX_PARTITIONS + " partitions";
            case WINDOW_LIMIT ->
                "partition " + partition + " had a record processed more than " + WINDOW
                        + " offsets ahead of its lowest unprocessed one (the share ledger's window): a record held"
                        + " that long (an acquisition lock, a stalled member) while the rest went on";
            default ->
                "partition " + partition + " needed more than " + SharePartition.SEGMENTS
                        + " offset segments at once in the share ledger: a phase that is never released, or records"
                        + " of many phases interleaved in one partition";
        };
    }

    private void hitLimit(int which, int partition) {
        if (header.getInt(LIMIT_AT) == NO_LIMIT) {
            header.putInt(LIMIT_PARTITION_AT, partition);
            header.putInt(LIMIT_AT, which);
        }
    }

    private static boolean formatted(ByteBuffer b) {
        return b.getLong(0) == MAGIC
                && b.getInt(8) == VERSION
                && b.getInt(12) == MAX_PARTITIONS
                && b.getInt(16) == WINDOW
                && b.getInt(20) == SharePartition.SEGMENTS;
    }

    private void format() {
        fields.newId();
        header.putInt(8, VERSION);
        header.putInt(12, MAX_PARTITIONS);
        header.putInt(16, WINDOW);
        header.putInt(20, SharePartition.SEGMENTS);
        header.putLong(0, MAGIC);
    }
}
