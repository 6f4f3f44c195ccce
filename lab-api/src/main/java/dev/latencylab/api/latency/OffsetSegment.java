package dev.latencylab.api.latency;

/**
 * A run of consecutive offsets of one partition, all processed, all carrying one phase id: the
 * unit of the consumer's offset ledger. Phases change rarely, so a partition holds a handful.
 *
 * @param redelivered records at these offsets processed again (a restart or a rebalance re-read them)
 * @param duplicated offsets of this segment whose record the producer had written before (the same
 *     producer and sequence number at an earlier offset): the second copy of one record
 */
public record OffsetSegment(int phase, long fromOffset, long toOffset, long redelivered, long duplicated) {

    /** A segment with no duplicate in it. */
    public OffsetSegment(int phase, long fromOffset, long toOffset, long redelivered) {
        this(phase, fromOffset, toOffset, redelivered, 0);
    }

    /** Records processed for the first time in this segment: one per offset. */
    public long records() {
        return Math.max(0, toOffset - fromOffset + 1);
    }
}
