package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.UUID;

/**
 * What an {@link OffsetLedger} and a {@link ShareLedger} both keep in their header (the limit hit, the
 * redeliveries from before a partition's start, the highest released phase, the ledger's identity),
 * released, cleared and read the same way. Each ledger's file layout puts the fields at its own
 * offsets, which are given here unchanged: an existing ledger file reads as before. The per-record
 * stores (a redelivery from before the start, a limit hit) stay in the ledgers, at constant offsets.
 */
final class LedgerHeader {

    /**
     * The counters several processes update in one mapped file (each instance of a group on the host
     * maps it): read-modify-write with plain stores would lose one process's increment to another's.
     * Atomic on the mapping, which the processes share.
     */
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private final ByteBuffer buffer;
    private final int limitAt;
    private final int limitPartitionAt;
    private final int beforeStartAt;
    private final int releasedAt;
    private final int idAt;

    /** {@code buffer} in native byte order; the offsets are of the ledger's layout. */
    LedgerHeader(ByteBuffer buffer, int limitAt, int limitPartitionAt, int beforeStartAt, int releasedAt, int idAt) {
        this.buffer = buffer;
        this.limitAt = limitAt;
        this.limitPartitionAt = limitPartitionAt;
        this.beforeStartAt = beforeStartAt;
        this.releasedAt = releasedAt;
        this.idAt = idAt;
    }

    /**
     * The phases up to {@code throughPhase} are closed and stored by the runner: their segments may
     * be merged when a partition needs room. Any instance may call it; the highest id wins.
     */
    void release(int throughPhase) {
        long released = (long) LONGS.getVolatile(buffer, releasedAt);
        while (throughPhase > released && !LONGS.compareAndSet(buffer, releasedAt, released, (long) throughPhase)) {
            released = (long) LONGS.getVolatile(buffer, releasedAt);
        }
    }

    /** A record was read again from below its partition's first offset. */
    void countBeforeStart() {
        LONGS.getAndAdd(buffer, beforeStartAt, 1L);
    }

    /** Forgets the limit hit, the redeliveries from before the start and the released phases. */
    void clear(int noLimit) {
        buffer.putInt(limitAt, noLimit);
        buffer.putInt(limitPartitionAt, 0);
        buffer.putLong(beforeStartAt, 0);
        buffer.putLong(releasedAt, 0);
    }

    /** Gives a new ledger its identity: written before the magic, so a half-formatted ledger is formatted again. */
    void newId() {
        UUID id = UUID.randomUUID();
        buffer.putLong(idAt, id.getMostSignificantBits());
        buffer.putLong(idAt + 8, id.getLeastSignificantBits());
    }

    /** Whose ledger this is: the same for every process that maps the same file. */
    String id() {
        return new UUID(buffer.getLong(idAt), buffer.getLong(idAt + 8)).toString();
    }

    /** The ledger's view: its partitions, with what the header holds and the ledger's words for its limit hit. */
    LedgerView view(String limitHit, List<PartitionLedger> partitions) {
        return new LedgerView(null, id(), limitHit, buffer.getLong(beforeStartAt), partitions);
    }
}
