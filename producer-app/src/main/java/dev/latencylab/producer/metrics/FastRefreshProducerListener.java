package dev.latencylab.producer.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.kafka.core.MicrometerProducerListener;

/**
 * Spring Kafka's listener, binding each producer with a shorter refresh than Micrometer's minute.
 * Each producer gets a refresh thread of its own, stopped when the producer goes: Micrometer never
 * cancels its refresh task on a scheduler it was given, and that task holds the producer, so with one
 * shared scheduler every producer the app replaced (one per change of its Kafka settings) stayed in
 * memory with its buffers.
 */
final class FastRefreshProducerListener<K, V> extends MicrometerProducerListener<K, V> {

    private final Duration refresh;

    FastRefreshProducerListener(MeterRegistry registry, Duration refresh) {
        super(registry);
        this.refresh = refresh;
    }

    @Override
    protected MeterBinder createClientMetrics(Producer<K, V> producer, List<Tag> tags) {
        ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kafka-client-metrics-refresh");
            t.setDaemon(true);
            return t;
        });
        return new RefreshedMetrics(new KafkaClientMetrics(producer, tags, refresher, refresh), refresher);
    }

    /** The producer's meters and their refresh thread; Spring Kafka closes it when the producer is removed. */
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
