package dev.latencylab.consumer.modes;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ContainerProperties;

/**
 * A container's rebalance listener, which under commit auto also commits what was processed of the
 * partitions it gives up. A plain Kafka consumer with enable.auto.commit commits on close and before
 * a rebalance; a Spring container unsubscribes before it closes its consumer, so that commit finds
 * no partitions left and a stopped listener (a switch of mode, a pause of the app) would hand its
 * successor every record since the last auto-commit to read again. The positions are what was
 * processed: the lab's listeners return only once their records are (a batch's workers included),
 * and partitions are revoked inside poll, between two listener calls.
 *
 * <p>Only partitions of topics the consumer is still subscribed to are committed: under the app's
 * pattern a deleted topic leaves the subscription, and a commit for it would be retried until a topic
 * of that name exists again, then land on the new topic and skip that many of its records.
 */
final class AutoCommitOnRevoke implements ConsumerAwareRebalanceListener {

    private final ConsumerAwareRebalanceListener inner;

    private AutoCommitOnRevoke(ConsumerAwareRebalanceListener inner) {
        this.inner = inner;
    }

    /** Gives {@code properties} a rebalance listener that commits on revocation when {@code auto}, else its own. */
    static void set(ContainerProperties properties, boolean auto) {
        if (!(properties.getConsumerRebalanceListener() instanceof ConsumerAwareRebalanceListener current)) {
            return;
        }
        ConsumerAwareRebalanceListener own = current instanceof AutoCommitOnRevoke wrapped ? wrapped.inner : current;
        properties.setConsumerRebalanceListener(auto ? new AutoCommitOnRevoke(own) : own);
    }

    @Override
    public void onPartitionsRevokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> processed = new HashMap<>();
        Set<String> subscribed = consumer.subscription();
        for (TopicPartition tp : partitions) {
            if (subscribed.contains(tp.topic())) {
                processed.put(tp, new OffsetAndMetadata(consumer.position(tp)));
            }
        }
        if (!processed.isEmpty()) {
            consumer.commitSync(processed);
        }
        inner.onPartitionsRevokedBeforeCommit(consumer, partitions);
    }

    @Override
    public void onPartitionsRevokedAfterCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        inner.onPartitionsRevokedAfterCommit(consumer, partitions);
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        inner.onPartitionsLost(consumer, partitions);
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        inner.onPartitionsAssigned(consumer, partitions);
    }
}
