package dev.latencylab.runner.apps;

import dev.latencylab.api.accounting.PhaseFence;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;

/** Whether the consumer has read everything the producer sent: one rule for every command that waits for it. */
public final class Drained {

    private Drained() {}

    /**
     * The consumer has seen the producer's last sequence, and nothing is pending or the producer's
     * current phase is fenced. A producer the consumer has no track of counts as drained only if it
     * has sent no record with the lab header: records still in flight to a consumer that has not
     * seen the first of them yet are not "drained", and records without the header (compare's
     * tool's-work windows) are not the consumer's to read.
     *
     * <p>Pending numbers alone cannot say it for a group: each instance of one sees only its
     * partitions' share of the sequence, and the rest stays pending in its view until the loss
     * grace period (10 s) has passed, so every drain would last that long. The offsets do say it:
     * every record of the current phase acknowledged, in every partition, processed by the group
     * (the phase's fence), and every earlier record sits below those offsets.
     */
    public static boolean check(LatencyView consumer, ProducerStatus producer) {
        if (consumer.totals() == null) {
            return false;
        }
        if (producer == null || producer.counters() == null) {
            return consumer.totals().pending() == 0;
        }
        long lastSequence = producer.counters().lastSequence();
        boolean lastSeen = consumer.producer(producer.producerId())
                .map(track -> track.highestSequence() >= lastSequence)
                .orElse(lastSequence < 0);
        return lastSeen && (consumer.totals().pending() == 0 || currentPhaseFenced(consumer, producer));
    }

    /** {@link #check} for every producer-app instance of a group. */
    public static boolean check(LatencyView consumer, java.util.List<ProducerStatus> producers) {
        return producers.isEmpty()
                ? check(consumer, (ProducerStatus) null)
                : producers.stream().allMatch(p -> check(consumer, p));
    }

    private static boolean currentPhaseFenced(LatencyView consumer, ProducerStatus producer) {
        return producer.phase() != 0
                && producer.phaseSends(producer.phase())
                        .map(sends -> sends.givenTo(consumer.consumer()))
                        .filter(sends -> PhaseFence.passed(sends, consumer.ledger(sends.topic())))
                        .isPresent();
    }
}
