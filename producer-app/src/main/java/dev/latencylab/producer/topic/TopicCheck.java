package dev.latencylab.producer.topic;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.kafka.topics.LeaderReadiness;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;

/**
 * Refuses a change of topic to one the cluster does not have, and names the topic's identity. The
 * producer creates no topic (a phase's topic is the runner's to create, with its layout); sending
 * to a missing one would block the sender for max.block.ms and fail every record, or, where brokers
 * create topics on first use, write to a topic of one partition nobody asked for. A topic is
 * accepted once every partition's leader serves it.
 *
 * <p>The identity (Kafka's topic ID) tells a topic deleted and created again under its name from
 * the one the producer wrote to before: see {@code RecordSender}, which takes a new client then.
 * One admin client serves every check: a phase start asks, and a new client per ask costs a
 * connection and a metadata round trip each time.
 */
@Component
public class TopicCheck implements DisposableBean {

    private static final long TIMEOUT_SECONDS = 10;

    private final KafkaAdmin admin;
    private Admin client;

    TopicCheck(KafkaAdmin admin) {
        this.admin = admin;
    }

    /** The topic's ID once its leaders serve it; a 400 naming {@code topic} when it is missing or not ready. */
    public Uuid requireExists(String topic) {
        try {
            TopicDescription description = client().describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .get(topic);
            // A topic created a moment ago is accepted once its leaders serve it, not before:
            // otherwise the first batches meet NOT_LEADER_OR_FOLLOWER (see LeaderReadiness).
            LeaderReadiness.await(client(), topic, Duration.ofSeconds(TIMEOUT_SECONDS));
            return description.topicId();
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

    /**
     * Until every partition's leader of {@code topic} serves it, at most {@link #TIMEOUT_SECONDS}: for a
     * topic created a moment ago, which the broker asked may not know yet (asked again, not refused).
     */
    public void awaitLeaders(String topic) throws InterruptedException, TimeoutException, ExecutionException {
        LeaderReadiness.await(client(), topic, Duration.ofSeconds(TIMEOUT_SECONDS));
    }

    private synchronized Admin client() {
        if (client == null) {
            client = Admin.create(admin.getConfigurationProperties());
        }
        return client;
    }

    @Override
    public synchronized void destroy() {
        if (client != null) {
            client.close(Duration.ofSeconds(5));
            client = null;
        }
    }
}
