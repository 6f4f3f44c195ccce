package dev.latencylab.api.latency;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The body of GET /actuator/latency: everything the consumer knows, per phase and in total, the
 * group's offset ledger of each topic it read, and what the consumer reads and how.
 *
 * @param assigned the partitions this consumer instance holds now, per topic (a phase's new topic
 *     is measured once it is assigned: records written before would be skipped, auto.offset.reset
 *     being latest)
 */
public record LatencyView(
        List<PhaseView> phases,
        Totals totals,
        List<ProducerTrack> producers,
        List<LedgerView> ledgers,
        ConsumerDescription consumer,
        Map<String, List<Integer>> assigned) {

    public LatencyView {
        phases = phases == null ? List.of() : List.copyOf(phases);
        producers = producers == null ? List.of() : List.copyOf(producers);
        ledgers = ledgers == null ? List.of() : List.copyOf(ledgers);
        assigned = assigned == null ? Map.of() : Map.copyOf(assigned);
    }

    /** The consumer's figures as the recorder keeps them, without what only the app knows. */
    public LatencyView(List<PhaseView> phases, Totals totals, List<ProducerTrack> producers, List<LedgerView> ledgers) {
        this(phases, totals, producers, ledgers, null, Map.of());
    }

    public LatencyView withConsumer(ConsumerDescription description, Map<String, List<Integer>> assignment) {
        return new LatencyView(phases, totals, producers, ledgers, description, assignment);
    }

    /** How many partitions of {@code topic} this consumer instance holds. */
    public int assignedPartitions(String topic) {
        return assigned.getOrDefault(topic, List.of()).size();
    }

    /** The group's ledger of this topic; an empty one when it has read no record of it. */
    public LedgerView ledger(String topic) {
        return ledgers.stream().filter(l -> topic.equals(l.topic())).findFirst().orElse(LedgerView.empty(topic));
    }

    /** The consumer's phase for records with this phase id, if it has one. */
    public Optional<PhaseView> phase(int phase) {
        return phases.stream().filter(p -> p.phase() == phase).findFirst();
    }

    public Optional<ProducerTrack> producer(UUID producerId) {
        return producers.stream().filter(p -> producerId.equals(p.producerId())).findFirst();
    }
}
