package dev.latencylab.producer.metrics;

import dev.latencylab.kafka.metrics.RefreshedClientMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.kafka.core.MicrometerProducerListener;

/**
 * Spring Kafka's listener, binding each producer with a shorter refresh than Micrometer's minute, on
 * a refresh thread of its own that goes with the producer ({@link RefreshedClientMetrics}: a shared
 * one kept every producer the app replaced in memory).
 */
final class FastRefreshProducerListener<K, V> extends MicrometerProducerListener<K, V> {

    private final Duration refresh;

    FastRefreshProducerListener(MeterRegistry registry, Duration refresh) {
        super(registry);
        this.refresh = refresh;
    }

    @Override
    protected MeterBinder createClientMetrics(Producer<K, V> producer, List<Tag> tags) {
        return RefreshedClientMetrics.of(producer, tags, refresh);
    }
}
