package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import dev.latencylab.consumer.modes.ConsumerModes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.listener.adapter.MessagingMessageListenerAdapter;

class RecordListenerEndpointTest {

    /**
     * The container gets the lab's own listener, not spring-messaging's adapter around an annotated
     * method (argument resolution and a reflective call per record), under the record listener's id,
     * on the lab's topic pattern, not started until the settings ask for it.
     */
    @Test
    void theContainerCallsTheListenerDirectlyUnderTheRecordListenersId() {
        List<ConsumerRecord<byte[], byte[]>> seen = new ArrayList<>();
        RecordListenerEndpoint endpoint =
                new RecordListenerEndpoint(Pattern.compile("lab\\.orders(\\..+)?"), seen::add);
        MessageListenerContainer container = mock(MessageListenerContainer.class);

        endpoint.setupListenerContainer(container, null);

        @SuppressWarnings("unchecked")
        ArgumentCaptor<Object> listener = ArgumentCaptor.forClass(Object.class);
        verify(container).setupMessageListener(listener.capture());
        assertThat(listener.getValue())
                .isInstanceOf(MessageListener.class)
                .isNotInstanceOf(MessagingMessageListenerAdapter.class);
        ConsumerRecord<byte[], byte[]> r = new ConsumerRecord<>("lab.orders", 0, 7, null, new byte[] {1});
        @SuppressWarnings("unchecked")
        MessageListener<byte[], byte[]> l = (MessageListener<byte[], byte[]>) listener.getValue();
        l.onMessage(r);
        assertThat(seen).containsExactly(r);
        assertThat(endpoint.getId()).isEqualTo(ConsumerModes.RECORD_LISTENER);
        assertThat(endpoint.getTopicPattern().pattern()).isEqualTo("lab\\.orders(\\..+)?");
        assertThat(endpoint.getAutoStartup()).isFalse();
        assertThat(endpoint.getBatchListener()).isFalse();
        assertThat(endpoint.getGroupId())
                .as("the consumer factory's group, as the batch listener's")
                .isNull();
    }
}
