package dev.latencylab.api.latency;

/**
 * A run of consecutive offsets of one partition, all processed, all carrying one phase id: the
 * unit of the consumer's offset ledger. Phases change rarely, so a partition holds a handful.
 *
 * @param redelivered records at these offsets processed again (a restart or a rebalance re-read them)
 */
public record OffsetSegment(int phase, long fromOffset, long toOffset, long redelivered) {

    /** Records processed for the first time in this segment: one per offset. */
    public long records() {
        return Math.max(0, toOffset - fromOffset + 1);
    }
}
