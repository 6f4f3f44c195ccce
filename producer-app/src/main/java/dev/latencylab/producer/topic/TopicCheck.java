package dev.latencylab.producer.topic;

import dev.latencylab.api.settings.BadSettingsException;
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
 * write to a topic of one partition nobody asked for.
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
            client.describeTopics(java.util.List.of(topic)).allTopicNames().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new BadSettingsException(
                        "topic", "topic " + topic + " does not exist; the producer does not create topics");
            }
            throw new BadSettingsException("topic", "topic " + topic + " could not be checked: " + e.getCause());
        } catch (TimeoutException e) {
            throw new BadSettingsException(
                    "topic", "topic " + topic + " could not be checked within " + TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadSettingsException("topic", "interrupted while checking topic " + topic);
        }
    }
}
