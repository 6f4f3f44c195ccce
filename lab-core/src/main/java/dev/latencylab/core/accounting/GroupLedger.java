package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.LedgerView;

/**
 * Which offsets of one topic a group has processed, and with which phase id: a consumer group's
 * ({@link OffsetLedger}, one reader per partition, in offset order) or a share group's ({@link
 * ShareLedger}, any member, any order). Not thread-safe: the recorder's lock guards it.
 */
public interface GroupLedger {

    /** True when the record at {@code offset} is processed for the first time, false when again. */
    boolean deliver(int partition, long offset, int phase);

    /** The highest offset of {@code partition} up to which every one was processed; -1 when none was. */
    long highestOffset(int partition);

    /** The record just delivered at {@code offset} was a second copy of one the producer wrote before. */
    void duplicate(int partition, long offset);

    /** The runner has stored the phases up to {@code throughPhase}: their segments may make room. */
    void release(int throughPhase);

    /** Forgets a partition whose ledger speaks of offsets the log does not have. True when it forgot. */
    boolean forgetIfBeyond(int partition, long logEndOffset);

    /** Where this process's reading of an assigned partition begins (-1: revoked); see {@link OffsetLedger#readsFrom}. */
    default void readsFrom(int partition, long position) {}

    /** Forgets everything: call it with the group quiet. */
    void clear();

    /** Forgets a topic made anew: its offsets are another log's. */
    default void forget() {
        clear();
    }

    LedgerView view();
}
