package dev.latencylab.consumer.latency;

import dev.latencylab.core.latency.LatencyRecorder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;

/**
 * The partitions this instance reads, each listed only once its position is fixed. A partition
 * of a new topic has no committed offset, so the consumer starts at the log's end, looked up on a
 * later poll; records written between the assignment and that lookup would never be read, and the
 * producer's sequence numbers would call them lost. So on assignment the position of every new
 * partition is resolved here, on the consumer's thread, before the partition is announced: whoever
 * waits for {@code assigned} (the runner, before it starts the load on a new topic) then knows that
 * every record written from now on is read.
 *
 * <p>It also tells the recorder whether this instance shares a topic with other members of its
 * group (holds only some of its partitions): a producer's sequence then has gaps that are theirs.
 */
final class AssignedPartitions implements ConsumerAwareRebalanceListener {

    /**
     * Rebalances are rare and the runner waits on what they leave here: each is logged, so a wait that
     * timed out can be read against them (Kafka's own client logs only warnings here).
     */
    private static final Logger log = LoggerFactory.getLogger(AssignedPartitions.class);

    private final StaleLedgerCheck staleLedger;
    private final LatencyRecorder recorder;
    private final Set<TopicPartition> positioned = ConcurrentHashMap.newKeySet();

    AssignedPartitions(StaleLedgerCheck staleLedger, LatencyRecorder recorder) {
        this.staleLedger = staleLedger;
        this.recorder = recorder;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        staleLedger.onPartitionsAssigned(consumer, partitions);
        for (TopicPartition tp : partitions) {
            consumer.position(tp);
        }
        positioned.addAll(partitions);
        log.info("Assigned {}, positioned; now holding {}", partitions, byTopic());
        recorder.shared(sharesATopic(consumer));
    }

    /** True when some assigned topic has partitions this instance does not hold. */
    private static boolean sharesATopic(Consumer<?, ?> consumer) {
        Map<String, Integer> held = new TreeMap<>();
        for (TopicPartition tp : consumer.assignment()) {
            held.merge(tp.topic(), 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : held.entrySet()) {
            if (consumer.partitionsFor(e.getKey()).size() > e.getValue()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void onPartitionsRevokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        staleLedger.onPartitionsRevokedBeforeCommit(consumer, partitions);
        positioned.removeAll(partitions);
        log.info("Revoked {}; now holding {}", partitions, byTopic());
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        staleLedger.onPartitionsLost(consumer, partitions);
        positioned.removeAll(partitions);
        log.info("Lost {}; now holding {}", partitions, byTopic());
    }

    /** Topic to its partitions held with a fixed position, sorted. */
    Map<String, List<Integer>> byTopic() {
        Map<String, List<Integer>> byTopic = new TreeMap<>();
        for (TopicPartition tp : positioned) {
            byTopic.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition());
        }
        byTopic.values().forEach(Collections::sort);
        return byTopic;
    }
}
