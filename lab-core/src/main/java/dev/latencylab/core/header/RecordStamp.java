package dev.latencylab.core.header;

import java.util.UUID;

/**
 * What the producer tells the consumer about one record.
 *
 * @param intendedSendMicros when the open-loop schedule wanted it sent, epoch microseconds
 * @param actualSendMicros when it was handed to the Kafka producer, epoch microseconds
 * @param sequence per-producer sequence number, from 0, without gaps
 * @param producerId the producer instance (one per producer-app process)
 * @param phase the runner's phase id (0: no named phase)
 */
public record RecordStamp(long intendedSendMicros, long actualSendMicros, long sequence, UUID producerId, int phase) {}
