package dev.latencylab.api.latency;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A run of offsets of one partition, all carrying one phase id: the unit of the consumer's offset
 * ledger. Phases change rarely, so a partition holds a handful. Offsets inside the run that hold no
 * record of its phase are its {@code gaps}: a transaction's commit or abort marker takes an offset, a
 * {@code read_committed} consumer is not given the records of an aborted transaction, and several
 * producer-apps' warm-up records (phase 0) alternate with the phase's while each hears of a switch.
 *
 * @param redelivered records at these offsets processed again (a restart or a rebalance re-read them;
 *     a warm-up record inside the run, read again, counts here too)
 * @param duplicated offsets of this segment whose record the producer had written before (the same
 *     producer and sequence number at an earlier offset): the second copy of one record
 * @param gaps offsets between {@code fromOffset} and {@code toOffset} no record of the phase was processed at
 */
public record OffsetSegment(int phase, long fromOffset, long toOffset, long redelivered, long duplicated, long gaps) {

    /** Read from JSON: a consumer-app from before gaps were counted sends no {@code gaps}. */
    @JsonCreator
    static OffsetSegment read(
            @JsonProperty("phase") int phase,
            @JsonProperty("fromOffset") long fromOffset,
            @JsonProperty("toOffset") long toOffset,
            @JsonProperty("redelivered") long redelivered,
            @JsonProperty("duplicated") long duplicated,
            @JsonProperty("gaps") Long gaps) {
        return new OffsetSegment(phase, fromOffset, toOffset, redelivered, duplicated, gaps == null ? 0 : gaps);
    }

    /** A segment with no duplicate and no gap in it. */
    public OffsetSegment(int phase, long fromOffset, long toOffset, long redelivered) {
        this(phase, fromOffset, toOffset, redelivered, 0, 0);
    }

    /** Records processed for the first time in this segment: one per offset the group was given. */
    public long records() {
        return Math.max(0, toOffset - fromOffset + 1 - gaps);
    }
}
