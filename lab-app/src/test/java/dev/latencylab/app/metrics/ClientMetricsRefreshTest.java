package dev.latencylab.app.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.MicrometerProducerListener;
import org.springframework.kafka.core.ProducerFactory;

/**
 * The apps make a new Kafka client for every change of a client setting: a client they replaced
 * must not stay in memory through its meters, or a scenario of many phases runs out of heap (each
 * producer keeps up to buffer.memory of pooled batches).
 */
class ClientMetricsRefreshTest {

    private static final Duration REFRESH = Duration.ofMillis(20);

    @Test
    void aRemovedProducerIsLeftToTheGarbageCollector() {
        var listener = new ClientMetricsRefresh.ProducerListener<byte[], byte[]>(new SimpleMeterRegistry(), REFRESH);
        WeakReference<MockProducer<byte[], byte[]>> removed = addAndRemove(listener, "producer-1");
        // The next producer is bound while the first is gone, as after a change of settings.
        addAndRemove(listener, "producer-2");
        assertCollected(removed);
    }

    @Test
    void aRemovedConsumerIsLeftToTheGarbageCollector() {
        var listener = new ClientMetricsRefresh.ConsumerListener<byte[], byte[]>(new SimpleMeterRegistry(), REFRESH);
        WeakReference<MockConsumer<byte[], byte[]>> removed = addAndRemove(listener, "consumer-1");
        addAndRemove(listener, "consumer-2");
        assertCollected(removed);
    }

    @Test
    void onlyBootsMetersListenerIsRemovedAndOnlyWhereThereIsARegistry() {
        var registry = new SimpleMeterRegistry();
        ProducerFactory.Listener<byte[], byte[]> boots = new MicrometerProducerListener<>(registry);
        ProducerFactory.Listener<byte[], byte[]> other = new ProducerFactory.Listener<>() {};

        List<ProducerFactory.Listener<byte[], byte[]>> removed = new ArrayList<>();
        assertThat(ClientMetricsRefresh.removedBoots(
                        List.of(other, boots), MicrometerProducerListener.class, registry, removed::add))
                .isTrue();
        assertThat(removed).containsExactly(boots);

        removed.clear();
        assertThat(ClientMetricsRefresh.removedBoots(
                        List.of(other, boots), MicrometerProducerListener.class, null, removed::add))
                .as("metrics off: Boot's listener stays, none of ours is added")
                .isFalse();
        assertThat(ClientMetricsRefresh.removedBoots(
                        List.of(other), MicrometerProducerListener.class, registry, removed::add))
                .as("Boot bound no meters: none of ours is added")
                .isFalse();
        assertThat(removed).isEmpty();
    }

    private static void assertCollected(WeakReference<?> removed) {
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            System.gc();
            assertThat(removed.get()).isNull();
        });
    }

    private static WeakReference<MockProducer<byte[], byte[]>> addAndRemove(
            ClientMetricsRefresh.ProducerListener<byte[], byte[]> listener, String id) {
        MockProducer<byte[], byte[]> producer =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        listener.producerAdded(id, producer);
        listener.producerRemoved(id, producer);
        return new WeakReference<>(producer);
    }

    private static WeakReference<MockConsumer<byte[], byte[]>> addAndRemove(
            ClientMetricsRefresh.ConsumerListener<byte[], byte[]> listener, String id) {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        listener.consumerAdded(id, consumer);
        listener.consumerRemoved(id, consumer);
        return new WeakReference<>(consumer);
    }
}
