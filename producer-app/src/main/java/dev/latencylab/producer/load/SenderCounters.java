package dev.latencylab.producer.load;

/**
 * @param lastSequence the sequence number of the last record sent, -1 before the first
 */
public record SenderCounters(long sent, long acked, long failed, long lastSequence) {
}
