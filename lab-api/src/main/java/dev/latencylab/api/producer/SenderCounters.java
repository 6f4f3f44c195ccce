package dev.latencylab.api.producer;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The producer-app's sender counters since it started.
 *
 * @param sent records handed to the Kafka producer
 * @param acked records the brokers acknowledged
 * @param failed records whose send failed for good
 * @param lastSequence the sequence number of the last record sent with the lab header, -1 before the first
 * @param retries batches the Kafka producer sent again (its record-retry-total) since the app started
 * @param errors records the Kafka producer gave up on (its record-error-total) since the app started
 * @param bufferPoolWaitNs time the sender thread was blocked inside {@code send()} waiting for room in
 *     the producer's accumulator (its bufferpool-wait-time-ns-total) since the app started; null where the
 *     producer-app does not tell (an older one, several merged of which one does not)
 * @param lastAckedSequence the highest sequence number the brokers acknowledged (-1 before the first):
 *     below {@code lastSequence} when the last sends failed, whose numbers never reach the consumer;
 *     null where the producer-app does not tell (an older one, several merged)
 */
public record SenderCounters(
        long sent,
        long acked,
        long failed,
        long lastSequence,
        Long retries,
        Long errors,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long bufferPoolWaitNs,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long lastAckedSequence) {

    public SenderCounters {
        // A producer-app from before these counters sends none.
        retries = retries == null ? 0L : retries;
        errors = errors == null ? 0L : errors;
    }

    public SenderCounters(
            long sent, long acked, long failed, long lastSequence, Long retries, Long errors, Long bufferPoolWaitNs) {
        this(sent, acked, failed, lastSequence, retries, errors, bufferPoolWaitNs, null);
    }

    public SenderCounters(long sent, long acked, long failed, long lastSequence, Long retries, Long errors) {
        this(sent, acked, failed, lastSequence, retries, errors, null, null);
    }

    public SenderCounters(long sent, long acked, long failed, long lastSequence) {
        this(sent, acked, failed, lastSequence, 0L, 0L, null, null);
    }
}
