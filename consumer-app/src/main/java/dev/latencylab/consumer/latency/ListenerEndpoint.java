package dev.latencylab.consumer.latency;

import dev.latencylab.consumer.modes.ConsumerModes;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.config.KafkaListenerEndpoint;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.kafka.listener.GenericMessageListener;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;
import org.springframework.kafka.support.converter.MessageConverter;

/**
 * A lab listener's endpoint, registered in the registry with the container factory, but handing the
 * container a plain {@link MessageListener} or {@link BatchMessageListener}. An annotated method is
 * reached through spring-messaging's handler adapter (argument resolution, a reflective call): per
 * record for the record listener, per poll for the batch one, whose polls carry ~25 records at
 * compare's CPU rate. ConsumerPerformance, which both are measured against, does neither.
 */
record ListenerEndpoint(String id, Pattern topics, GenericMessageListener<?> listener)
        implements KafkaListenerEndpoint {

    static ListenerEndpoint record(String topicPattern, LatencyListener listener) {
        MessageListener<byte[], byte[]> onRecord = listener::onRecord;
        return new ListenerEndpoint(ConsumerModes.RECORD_LISTENER, Pattern.compile(topicPattern), onRecord);
    }

    static ListenerEndpoint batch(String topicPattern, LatencyListener listener) {
        BatchMessageListener<byte[], byte[]> onBatch = records -> onBatch(listener, records);
        return new ListenerEndpoint(ConsumerModes.BATCH_LISTENER, Pattern.compile(topicPattern), onBatch);
    }

    /**
     * As the annotated method's adapter did: the interruption reaches the container wrapped, and the
     * flag is left cleared, as the adapter left it: set, every next poll would throw (Kafka's
     * InterruptException sets it again), and the batch is read again anyway (not recorded).
     */
    private static void onBatch(LatencyListener listener, List<ConsumerRecord<byte[], byte[]>> records) {
        try {
            listener.onBatch(records);
        } catch (InterruptedException e) {
            throw new ListenerExecutionFailedException("interrupted while the poll's records were processed", e);
        }
    }

    @Override
    public String getId() {
        return id;
    }

    /** The consumer factory's group (spring.kafka.consumer.group-id), for both listeners. */
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

    /** Started only when the settings ask for it: the container customizer decides at creation. */
    @Override
    public Boolean getAutoStartup() {
        return Boolean.FALSE;
    }

    @Override
    public Boolean getBatchListener() {
        return listener instanceof BatchMessageListener;
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
