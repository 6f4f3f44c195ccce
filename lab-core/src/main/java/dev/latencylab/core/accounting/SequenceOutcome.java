package dev.latencylab.core.accounting;

/** How one received sequence number fits the producer's stream. */
public enum SequenceOutcome {
    /** First time seen, in order within its partition. */
    RECEIVED,
    /** First time seen, but after a higher number from the same partition (a broken Kafka guarantee). */
    OUT_OF_ORDER,
    /** First time seen, after its gap had been declared lost: counted as late, no longer as lost. */
    LATE,
    /** Seen before. */
    DUPLICATE,
    /** Sequenced before the first record seen since tracking started: neither counted nor judged. */
    BEFORE_START,
    /**
     * Read again from an offset the group had already processed (a restart or a rebalance): not a
     * latency sample, and not a duplicate the producer wrote. Decided by the offset ledger, before
     * the sequence numbers are looked at.
     */
    REDELIVERED;

    /** Whether this is the first arrival of the record, i.e. a latency sample. */
    public boolean isFirstArrival() {
        return this == RECEIVED || this == OUT_OF_ORDER || this == LATE || this == BEFORE_START;
    }
}
