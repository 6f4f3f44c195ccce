package dev.latencylab.producer.topic;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.kafka.topics.LeaderReadiness;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;

/**
 * Refuses a change of topic to one the cluster does not have. The producer creates no topic (a
 * phase's topic is the runner's to create, with its layout); sending to a missing one would block
 * the sender for max.block.ms and fail every record, or, where brokers create topics on first use,
 * write to a topic of one partition nobody asked for. A topic is accepted once every partition's
 * leader serves it.
 */
@Component
public class TopicCheck {

    private static final long TIMEOUT_SECONDS = 10;

    private final KafkaAdmin admin;

    TopicCheck(KafkaAdmin admin) {
        this.admin = admin;
    }

    public void requireExists(String topic) {
        try (Admin client = Admin.create(admin.getConfigurationProperties())) {
            client.describeTopics(List.of(topic)).allTopicNames().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            // A topic created a moment ago is accepted once its leaders serve it, not before:
            // otherwise the first batches meet NOT_LEADER_OR_FOLLOWER (see LeaderReadiness).
            LeaderReadiness.await(client, topic, Duration.ofSeconds(TIMEOUT_SECONDS));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new BadSettingsException(
                        "topic", "topic " + topic + " does not exist; the producer does not create topics");
            }
            throw new BadSettingsException("topic", "topic " + topic + " could not be checked: " + e.getCause());
        } catch (TimeoutException e) {
            throw new BadSettingsException(
                    "topic",
                    "topic " + topic + " could not be checked, or has partitions without a ready leader, within "
                            + TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadSettingsException("topic", "interrupted while checking topic " + topic);
        }
    }
}
