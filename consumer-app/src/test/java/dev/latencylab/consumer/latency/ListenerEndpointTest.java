package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import dev.latencylab.consumer.modes.ConsumerModes;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.kafka.listener.GenericMessageListener;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.listener.adapter.MessagingMessageListenerAdapter;

class ListenerEndpointTest {

    private static final String TOPICS = "lab\\.orders(\\..+)?";

    private final LatencyListener listener = mock(LatencyListener.class);
    private final ConsumerRecord<byte[], byte[]> record =
            new ConsumerRecord<>("lab.orders", 0, 7, null, new byte[] {1});

    /**
     * The container gets the lab's own listener, not spring-messaging's adapter around an annotated
     * method (argument resolution and a reflective call per record), under the record listener's id,
     * on the lab's topic pattern, not started until the settings ask for it.
     */
    @Test
    void theRecordListenersContainerCallsTheListenerDirectly() {
        ListenerEndpoint endpoint = ListenerEndpoint.record(TOPICS, listener);

        @SuppressWarnings("unchecked")
        MessageListener<byte[], byte[]> plain = (MessageListener<byte[], byte[]>) setUp(endpoint);
        plain.onMessage(record);

        verify(listener).onRecord(record);
        assertThat(endpoint.getId()).isEqualTo(ConsumerModes.RECORD_LISTENER);
        assertThat(endpoint.getBatchListener()).isFalse();
        assertCommonTo(endpoint);
    }

    /** The batch listener likewise: once a poll, without the adapter, under its own id. */
    @Test
    void theBatchListenersContainerCallsTheListenerDirectlyWithThePollsRecords() throws InterruptedException {
        ListenerEndpoint endpoint = ListenerEndpoint.batch(TOPICS, listener);

        @SuppressWarnings("unchecked")
        BatchMessageListener<byte[], byte[]> plain = (BatchMessageListener<byte[], byte[]>) setUp(endpoint);
        plain.onMessage(List.of(record));

        verify(listener).onBatch(List.of(record));
        assertThat(endpoint.getId()).isEqualTo(ConsumerModes.BATCH_LISTENER);
        assertThat(endpoint.getBatchListener()).isTrue();
        assertCommonTo(endpoint);
    }

    /**
     * An interruption while workers were busy reaches the container as the adapter delivered it, and
     * leaves the flag cleared: set, the container's next poll would throw, and every one after it.
     */
    @Test
    void anInterruptedBatchReachesTheContainerWrappedWithTheFlagCleared() throws InterruptedException {
        InterruptedException interrupted = new InterruptedException("workers busy");
        doThrow(interrupted).when(listener).onBatch(List.of(record));
        @SuppressWarnings("unchecked")
        BatchMessageListener<byte[], byte[]> plain =
                (BatchMessageListener<byte[], byte[]>) setUp(ListenerEndpoint.batch(TOPICS, listener));

        assertThatThrownBy(() -> plain.onMessage(List.of(record)))
                .isInstanceOf(ListenerExecutionFailedException.class)
                .hasCause(interrupted);
        assertThat(Thread.interrupted()).isFalse();
    }

    private static GenericMessageListener<?> setUp(ListenerEndpoint endpoint) {
        MessageListenerContainer container = mock(MessageListenerContainer.class);
        endpoint.setupListenerContainer(container, null);
        ArgumentCaptor<Object> given = ArgumentCaptor.forClass(Object.class);
        verify(container).setupMessageListener(given.capture());
        assertThat(given.getValue())
                .isInstanceOf(GenericMessageListener.class)
                .isNotInstanceOf(MessagingMessageListenerAdapter.class);
        return (GenericMessageListener<?>) given.getValue();
    }

    private static void assertCommonTo(ListenerEndpoint endpoint) {
        assertThat(endpoint.getTopicPattern().pattern()).isEqualTo(TOPICS);
        assertThat(endpoint.getAutoStartup())
                .as("the container customizer starts the one the settings name")
                .isFalse();
        assertThat(endpoint.getGroupId())
                .as("the consumer factory's group, for both listeners")
                .isNull();
    }
}
