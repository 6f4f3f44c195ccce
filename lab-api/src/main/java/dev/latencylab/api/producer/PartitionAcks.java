package dev.latencylab.api.producer;

/**
 * The acknowledged records of one phase in one partition. With one producer writing the topic,
 * a phase's records occupy every offset from {@code firstOffset} to {@code lastOffset}; with
 * several, other producers' records sit between them.
 *
 * @param acked records acknowledged
 * @param firstOffset the lowest offset acknowledged
 * @param lastOffset the highest offset acknowledged: the consumer has seen the whole phase in this
 *     partition once it has processed this offset (the fence)
 */
public record PartitionAcks(int partition, long acked, long firstOffset, long lastOffset) {}
