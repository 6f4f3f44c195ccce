package dev.latencylab.runner.apps;

import dev.latencylab.api.accounting.PhaseFence;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Collectors;

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
     * (the phase's fence), and every earlier record sits below those offsets. Out of every phase (0),
     * a producer whose last records are those of a window that ended with the load stopped ({@code
     * stopped}, null when none) is judged by that phase's fence. A stopped producer whose last sends
     * failed is drained once the consumer has seen its highest acknowledged sequence number, or its
     * phase is fenced: the consumer never sees the failed sends' numbers.
     */
    public static boolean check(LatencyView consumer, ProducerStatus producer, StoppedWindow stopped) {
        if (consumer.totals() == null) {
            return false;
        }
        if (producer == null || producer.counters() == null) {
            return consumer.totals().pending() == 0;
        }
        boolean failedTail = endsInFailedSends(producer);
        long lastSequence = lastDelivered(producer.counters(), failedTail);
        boolean lastSeen = consumer.producer(producer.producerId())
                .map(track -> track.highestSequence() >= lastSequence)
                .orElse(lastSequence < 0);
        int lastPhase = stopped != null && stopped.lastRecordsOf(producer) ? stopped.phaseId() : producer.phase();
        boolean fenced = fenced(consumer, producer, lastPhase);
        return (lastSeen || (failedTail && fenced)) && (consumer.totals().pending() == 0 || fenced);
    }

    /**
     * The last sequence number the consumer can see: the last sent, or when the last sends failed the
     * highest acknowledged (a failed send's number never reaches it). A producer-app that does not tell
     * the latter leaves the fence to decide.
     */
    private static long lastDelivered(SenderCounters c, boolean failedTail) {
        return failedTail && c.lastAckedSequence() != null ? c.lastAckedSequence() : c.lastSequence();
    }

    /**
     * Why a drain may wait in vain, for its warning: " (...)" when a stopped instance's last sends
     * failed and it does not tell its highest acknowledged sequence number (an older producer-app),
     * so only a fence can speak for it, else "".
     */
    public static String failedSendsNote(List<ProducerStatus> producers) {
        long failed = producers.stream()
                .filter(p -> p != null
                        && p.counters() != null
                        && endsInFailedSends(p)
                        && p.counters().lastAckedSequence() == null)
                .mapToLong(p -> p.counters().failed())
                .sum();
        return failed == 0
                ? ""
                : " (the producer-app's sends ended with failures, " + failed + " since it started: a record the"
                        + " brokers refused never reaches the consumer, so the last sequence number it is waited for"
                        + " may never come)";
    }

    /**
     * Stopped, every send answered, some refused (delivery.timeout.ms on a partition short of its
     * in-sync replicas, say): the sequence numbers of failed sends never reach the consumer, so its
     * last one may never be seen; the highest acknowledged (committed, in transactions) or the fence
     * (every acknowledged offset processed) says it has all there is. A send that failed after the
     * brokers stored it (acks=all waiting on a replica that left) may still come later: no drain waits for it.
     */
    private static boolean endsInFailedSends(ProducerStatus producer) {
        SenderCounters c = producer.counters();
        return !producer.running() && c.failed() > 0 && c.sent() == c.acked() + c.failed();
    }

    /** {@link #check} for every producer-app instance of a group. */
    public static boolean check(LatencyView consumer, List<ProducerStatus> producers, StoppedWindow stopped) {
        return producers.isEmpty()
                ? check(consumer, (ProducerStatus) null, stopped)
                : producers.stream().allMatch(p -> check(consumer, p, stopped));
    }

    /**
     * A measured phase whose window ended with the load stopped, and each producer-app instance's count
     * of records sent then. An instance that has sent nothing since, still out of every phase, sent that
     * phase's records last: its fence says whether they were all read, where a group's pending numbers
     * would keep the drain waiting for the loss grace period (each instance's view holds the others'
     * share as gaps until then).
     */
    public record StoppedWindow(int phaseId, Map<UUID, Long> sentAtEnd) {

        public static StoppedWindow of(int phaseId, List<ProducerStatus> instances) {
            return new StoppedWindow(
                    phaseId,
                    instances.stream()
                            .filter(p -> p.counters() != null)
                            .collect(Collectors.toMap(
                                    ProducerStatus::producerId,
                                    p -> p.counters().sent(),
                                    (a, b) -> a)));
        }

        boolean lastRecordsOf(ProducerStatus p) {
            return p.phase() == 0
                    && !p.running()
                    && Objects.equals(
                            sentAtEnd.get(p.producerId()), p.counters().sent());
        }
    }

    private static boolean fenced(LatencyView consumer, ProducerStatus producer, int phase) {
        return phase != 0
                && producer.phaseSends(phase)
                        .map(sends -> sends.givenTo(consumer.consumer()))
                        .filter(sends -> PhaseFence.passed(sends, consumer.ledger(sends.topic())))
                        .isPresent();
    }
}
