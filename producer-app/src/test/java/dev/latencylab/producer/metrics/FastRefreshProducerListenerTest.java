package dev.latencylab.producer.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.ref.WeakReference;
import java.time.Duration;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * The app makes a new Kafka producer for every change of a client setting: a producer it replaced
 * must not stay in memory through its meters, or a scenario of many phases runs out of heap (each
 * producer keeps up to buffer.memory of pooled batches).
 */
class FastRefreshProducerListenerTest {

    @Test
    void aRemovedProducerIsLeftToTheGarbageCollector() {
        FastRefreshProducerListener<byte[], byte[]> listener =
                new FastRefreshProducerListener<>(new SimpleMeterRegistry(), Duration.ofMillis(20));
        WeakReference<MockProducer<byte[], byte[]>> removed = addAndRemove(listener, "producer-1");
        // The next producer is bound while the first is gone, as after a change of settings.
        addAndRemove(listener, "producer-2");

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            System.gc();
            assertThat(removed.get()).isNull();
        });
    }

    private static WeakReference<MockProducer<byte[], byte[]>> addAndRemove(
            FastRefreshProducerListener<byte[], byte[]> listener, String id) {
        MockProducer<byte[], byte[]> producer =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        listener.producerAdded(id, producer);
        listener.producerRemoved(id, producer);
        return new WeakReference<>(producer);
    }
}
