package dev.latencylab.consumer.latency;

import dev.latencylab.consumer.modes.ConsumerModes;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.config.KafkaListenerEndpoint;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;
import org.springframework.kafka.support.converter.MessageConverter;

/**
 * The record listener's endpoint, registered in the same registry, with the same container factory
 * and id as an annotated one, but handing the container a plain {@link MessageListener}. An annotated
 * method is reached per record through spring-messaging's handler adapter (argument resolution, a
 * reflective call), work per record that ConsumerPerformance, which the record listener is measured
 * against, does not do. The batch listener pays it once per poll and stays annotated.
 */
record RecordListenerEndpoint(Pattern topics, MessageListener<byte[], byte[]> listener)
        implements KafkaListenerEndpoint {

    static RecordListenerEndpoint of(String topicPattern, LatencyListener listener) {
        return new RecordListenerEndpoint(
                Pattern.compile(topicPattern), (ConsumerRecord<byte[], byte[]> r) -> listener.onRecord(r));
    }

    @Override
    public String getId() {
        return ConsumerModes.RECORD_LISTENER;
    }

    /** The consumer factory's group (spring.kafka.consumer.group-id), as the batch listener's. */
    @Override
    public String getGroupId() {
        return null;
    }

    @Override
    public String getGroup() {
        return null;
    }

    @Override
    public Collection<String> getTopics() {
        return List.of();
    }

    @Override
    public TopicPartitionOffset[] getTopicPartitionsToAssign() {
        return new TopicPartitionOffset[0];
    }

    @Override
    public Pattern getTopicPattern() {
        return topics;
    }

    @Override
    public String getClientIdPrefix() {
        return null;
    }

    @Override
    public Integer getConcurrency() {
        return null;
    }

    /** Started only when the settings ask for it (the container customizer decides at start). */
    @Override
    public Boolean getAutoStartup() {
        return Boolean.FALSE;
    }

    @Override
    public Boolean getBatchListener() {
        return Boolean.FALSE;
    }

    @Override
    public void setupListenerContainer(MessageListenerContainer container, MessageConverter messageConverter) {
        container.setupMessageListener(listener);
    }

    @Override
    public boolean isSplitIterables() {
        return true;
    }

    @Override
    public String getAckMode() {
        return null;
    }
}
