package dev.latencylab.api.producer;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The acknowledged records of one phase in one partition. With one producer writing the topic,
 * a phase's records occupy every offset from {@code firstOffset} to {@code lastOffset} but those
 * of transaction markers; with several, other producers' records sit between them.
 *
 * @param acked records acknowledged
 * @param firstOffset the lowest offset acknowledged
 * @param lastOffset the highest offset acknowledged: the consumer has seen the whole phase in this
 *     partition once it has processed this offset (the fence)
 * @param abortedRecords of the acknowledged records, those of transactions the producer aborted: a
 *     {@code read_committed} consumer is never given them
 * @param lastCommittedOffset the highest offset acknowledged outside an aborted transaction (-1:
 *     none), the fence of a {@code read_committed} consumer
 */
public record PartitionAcks(
        int partition, long acked, long firstOffset, long lastOffset, long abortedRecords, long lastCommittedOffset) {

    /** Read from JSON: a producer-app from before transactions sends neither of the last two. */
    @JsonCreator
    static PartitionAcks read(
            @JsonProperty("partition") int partition,
            @JsonProperty("acked") long acked,
            @JsonProperty("firstOffset") long firstOffset,
            @JsonProperty("lastOffset") long lastOffset,
            @JsonProperty("abortedRecords") Long abortedRecords,
            @JsonProperty("lastCommittedOffset") Long lastCommittedOffset) {
        return new PartitionAcks(
                partition,
                acked,
                firstOffset,
                lastOffset,
                abortedRecords == null ? 0 : abortedRecords,
                lastCommittedOffset == null ? lastOffset : lastCommittedOffset);
    }

    /** A partition without aborted records. */
    public PartitionAcks(int partition, long acked, long firstOffset, long lastOffset) {
        this(partition, acked, firstOffset, lastOffset, 0, lastOffset);
    }

    /** What a {@code read_committed} consumer is given of these records: those of aborted transactions left out. */
    public PartitionAcks committed() {
        return abortedRecords == 0
                ? this
                : new PartitionAcks(
                        partition, acked - abortedRecords, firstOffset, lastCommittedOffset, 0, lastCommittedOffset);
    }
}
