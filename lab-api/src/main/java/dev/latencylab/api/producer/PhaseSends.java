package dev.latencylab.api.producer;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.Percentiles;
import java.util.List;
import java.util.Optional;

/**
 * What one producer sent in one phase, and what the brokers made of it.
 *
 * @param topic the topic the phase's records went to (a phase writes one topic: a change of topic ends it)
 * @param sent records handed to the Kafka producer with this phase id in their header
 * @param acked records the brokers acknowledged (acks=all): each has an offset in {@code partitions}
 * @param failed records whose send failed for good: never written, so never expected by the consumer
 * @param publishDelayMs actual minus intended send time (how late the open-loop sender was), null before the first
 *     send and for a phase sent unthrottled (its records are intended when sent: none is late)
 * @param partitions per partition, the acknowledged records and the offsets they were written at
 * @param senderTime where the sender thread's time went in the phase (what bounds its publish delay); null
 *     where the producer does not tell (several instances merged, an older producer-app)
 * @param transactions the phase's transactions; null when the producer sent without them
 */
public record PhaseSends(
        int phase,
        String topic,
        long sent,
        long acked,
        long failed,
        Percentiles publishDelayMs,
        List<PartitionAcks> partitions,
        SenderTime senderTime,
        @JsonInclude(JsonInclude.Include.NON_NULL) TransactionCounts transactions) {

    public PhaseSends {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }

    /**
     * The sends as a consumer at {@code read_committed} is given them: each partition's records of
     * aborted transactions left out (its counts and its fence). {@code acked} stays what the brokers
     * acknowledged.
     */
    public PhaseSends committed() {
        if (transactions == null || transactions.abortedRecords() == 0) {
            return this;
        }
        return new PhaseSends(
                phase,
                topic,
                sent,
                acked,
                failed,
                publishDelayMs,
                partitions.stream().map(PartitionAcks::committed).toList(),
                senderTime,
                transactions);
    }

    /** The sends as {@code consumer} is given them: {@link #committed} at read_committed, else all. */
    public PhaseSends givenTo(ConsumerDescription consumer) {
        return consumer != null && consumer.readCommitted() ? committed() : this;
    }

    /** Every record sent has an answer: acknowledged or failed. */
    public boolean settled() {
        return sent == acked + failed;
    }

    public Optional<PartitionAcks> partition(int partition) {
        return partitions.stream().filter(p -> p.partition() == partition).findFirst();
    }
}
