package dev.latencylab.api.producer;

/**
 * The producer-app's sender counters since it started.
 *
 * @param sent records handed to the Kafka producer
 * @param acked records the brokers acknowledged
 * @param failed records whose send failed for good
 * @param lastSequence the sequence number of the last record sent, -1 before the first
 */
public record SenderCounters(long sent, long acked, long failed, long lastSequence) {}
