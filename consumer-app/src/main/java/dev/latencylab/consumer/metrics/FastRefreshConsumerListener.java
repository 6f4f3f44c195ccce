package dev.latencylab.consumer.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.clients.consumer.Consumer;
import org.springframework.kafka.core.MicrometerConsumerListener;

/**
 * Spring Kafka's listener, binding each consumer with a shorter refresh than Micrometer's minute.
 * Each consumer gets a refresh thread of its own, stopped when the consumer goes: Micrometer never
 * cancels its refresh task on a scheduler it was given, and that task holds the consumer, so with one
 * shared scheduler every consumer the app replaced (one per change of its Kafka settings) stayed in
 * memory with its buffers.
 */
final class FastRefreshConsumerListener<K, V> extends MicrometerConsumerListener<K, V> {

    private final Duration refresh;

    FastRefreshConsumerListener(MeterRegistry registry, Duration refresh) {
        super(registry);
        this.refresh = refresh;
    }

    @Override
    protected MeterBinder createClientMetrics(Consumer<K, V> consumer, List<Tag> tags) {
        ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kafka-client-metrics-refresh");
            t.setDaemon(true);
            return t;
        });
        return new RefreshedMetrics(new KafkaClientMetrics(consumer, tags, refresher, refresh), refresher);
    }

    /** The consumer's meters and their refresh thread; Spring Kafka closes it when the consumer is removed. */
    record RefreshedMetrics(KafkaClientMetrics metrics, ScheduledExecutorService refresher)
            implements MeterBinder, AutoCloseable {

        @Override
        public void bindTo(MeterRegistry registry) {
            metrics.bindTo(registry);
        }

        @Override
        public void close() {
            metrics.close();
            refresher.shutdownNow();
        }
    }
}
