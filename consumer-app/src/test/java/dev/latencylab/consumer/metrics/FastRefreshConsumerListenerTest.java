package dev.latencylab.consumer.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.ref.WeakReference;
import java.time.Duration;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.junit.jupiter.api.Test;

/** A listener container restarted for new settings makes a new consumer: the one it replaced must not stay in memory. */
class FastRefreshConsumerListenerTest {

    @Test
    void aRemovedConsumerIsLeftToTheGarbageCollector() {
        FastRefreshConsumerListener<byte[], byte[]> listener =
                new FastRefreshConsumerListener<>(new SimpleMeterRegistry(), Duration.ofMillis(20));
        WeakReference<MockConsumer<byte[], byte[]>> removed = addAndRemove(listener, "consumer-1");
        addAndRemove(listener, "consumer-2");

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            System.gc();
            assertThat(removed.get()).isNull();
        });
    }

    private static WeakReference<MockConsumer<byte[], byte[]>> addAndRemove(
            FastRefreshConsumerListener<byte[], byte[]> listener, String id) {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        listener.consumerAdded(id, consumer);
        listener.consumerRemoved(id, consumer);
        return new WeakReference<>(consumer);
    }
}
