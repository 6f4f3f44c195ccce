package dev.latencylab.runner.apps;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;

/** Whether the consumer has read everything the producer sent: one rule for every command that waits for it. */
public final class Drained {

    private Drained() {}

    /**
     * Nothing pending, and the consumer has seen the producer's last sequence. A producer the
     * consumer has no track of counts as drained only if it has sent no record with the lab header:
     * records still in flight to a consumer that has not seen the first of them yet are not
     * "drained", and records without the header (compare's tool's-work windows) are not the
     * consumer's to read.
     */
    public static boolean check(LatencyView consumer, ProducerStatus producer) {
        if (consumer.totals() == null || consumer.totals().pending() != 0) {
            return false;
        }
        if (producer == null || producer.counters() == null) {
            return true;
        }
        long lastSequence = producer.counters().lastSequence();
        return consumer.producer(producer.producerId())
                .map(track -> track.highestSequence() >= lastSequence)
                .orElse(lastSequence < 0);
    }

    /** {@link #check} for every producer-app instance of a group. */
    public static boolean check(LatencyView consumer, java.util.List<ProducerStatus> producers) {
        return producers.isEmpty()
                ? check(consumer, (ProducerStatus) null)
                : producers.stream().allMatch(p -> check(consumer, p));
    }
}
