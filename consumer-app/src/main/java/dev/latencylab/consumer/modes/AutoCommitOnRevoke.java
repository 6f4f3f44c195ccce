package dev.latencylab.consumer.modes;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ContainerProperties;

/**
 * A container's rebalance listener, which under commit auto also commits what was processed of the
 * partitions it gives up. A plain Kafka consumer with enable.auto.commit commits on close and before
 * a rebalance; a Spring container unsubscribes before it closes its consumer, so that commit finds
 * no partitions left and a stopped listener (a switch of mode, a pause of the app) would hand its
 * successor every record since the last auto-commit to read again. The positions are what was
 * processed: the lab's listeners return only once their records are (a batch's workers included),
 * partitions are revoked inside poll, between two listener calls, and a switch pauses a container
 * before it stops it ({@link ConsumerModes}), so no poll's records are dropped with the positions past
 * them.
 *
 * <p>Only partitions of topics that still exist are committed: under the app's pattern a deleted
 * topic stays in the subscription until the consumer's metadata catches up, and a commit for it would
 * be retried until a topic of that name exists again (then land on the new topic and skip that many
 * of its records) or until the API timeout, a minute in which the switch stalls and the app goes on
 * announcing the partitions. So the app hears of the revocation first, and the commit is bounded: a
 * commit that fails leaves those records to be read again and counted as redelivered, nothing lost.
 */
final class AutoCommitOnRevoke implements ConsumerAwareRebalanceListener {

    /**
     * For the topic list and for the commit: a switch waits for both, and together they stay within the
     * 10 s a container is given to stop (ContainerProperties' shutdown timeout), after which the next
     * listener would start while this one still held the partitions.
     */
    static final Duration TIMEOUT = Duration.ofSeconds(4);

    private static final Logger log = LoggerFactory.getLogger(AutoCommitOnRevoke.class);

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
        inner.onPartitionsRevokedBeforeCommit(consumer, partitions);
        Map<TopicPartition, OffsetAndMetadata> processed = new HashMap<>();
        try {
            Set<String> existing = consumer.listTopics(TIMEOUT).keySet();
            for (TopicPartition tp : partitions) {
                if (existing.contains(tp.topic())) {
                    processed.put(tp, new OffsetAndMetadata(consumer.position(tp)));
                }
            }
            if (!processed.isEmpty()) {
                consumer.commitSync(processed, TIMEOUT);
            }
        } catch (TimeoutException | CommitFailedException e) {
            log.warn(
                    "Could not commit what was processed of {} as they were revoked ({}): the next reader reads"
                            + " those records again (counted as redelivered)",
                    partitions,
                    e.toString());
        }
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
