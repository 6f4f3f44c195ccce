package dev.latencylab.producer.topic;

import dev.latencylab.producer.LabProducerProperties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Creates the lab topic with the lab's layout ({@code lab.producer.partitions}, {@code replication-factor},
 * {@code min-insync-replicas}) when the cluster has none, at the point KafkaAdmin creates its topics (before the
 * load starts). A topic of that name is left as it is, whatever its layout, and said so. A cluster that cannot be
 * asked, or refuses the topic, is a warning, as it is to KafkaAdmin: the load then says what fails.
 */
final class LabTopicCreation implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(LabTopicCreation.class);

    private final KafkaAdmin admin;
    private final LabProducerProperties properties;
    private final TopicCheck check;

    LabTopicCreation(KafkaAdmin admin, LabProducerProperties properties, TopicCheck check) {
        this.admin = admin;
        this.properties = properties;
        this.check = check;
    }

    @Override
    public void afterSingletonsInstantiated() {
        String name = properties.topic();
        try {
            TopicDescription existing = admin.describeTopics(name).get(name);
            log.info(
                    "Topic {} exists ({} partitions): left as it is (lab.producer.partitions applies when the lab"
                            + " creates it)",
                    name,
                    existing.partitions().size());
            return;
        } catch (KafkaException e) {
            if (!missing(e)) {
                log.warn("Topic {} could not be looked up, so it was neither created nor checked", name, e);
                return;
            }
        }
        NewTopic topic = TopicBuilder.name(name)
                .partitions(properties.partitions())
                .replicas(properties.replicationFactor())
                .config(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(properties.minInsyncReplicas()))
                .build();
        try {
            // Missing a moment ago: KafkaAdmin creates it.
            admin.createOrModifyTopics(topic);
            log.info(
                    "Topic {} created: {} partitions, replication factor {}",
                    name,
                    topic.numPartitions(),
                    topic.replicationFactor());
        } catch (KafkaException e) {
            log.warn("Topic {} could not be created", name, e);
            return;
        }
        awaitLeaders(name);
    }

    /**
     * The load starts right after this: a topic created a moment ago is written once every partition's
     * leader serves it. Before, a first batch meets NOT_LEADER_OR_FOLLOWER, and an idempotent producer's
     * retry can then stall on OUT_OF_ORDER_SEQUENCE_NUMBER until delivery.timeout.ms (KAFKA-15591): seen
     * once with 3.9.1 brokers as a minute of sends retried thousands of times, then failed.
     */
    private void awaitLeaders(String name) {
        try {
            check.awaitLeaders(name);
            log.info("Topic {}: every partition's leader serves it", name);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.warn("Topic {}: interrupted while waiting for its leaders", name);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            log.warn("Topic {}: not every partition's leader served it in time ({}); the load starts anyway", name, e);
        }
    }

    private static boolean missing(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnknownTopicOrPartitionException) {
                return true;
            }
        }
        return false;
    }
}
