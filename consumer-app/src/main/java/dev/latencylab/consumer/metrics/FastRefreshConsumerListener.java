package dev.latencylab.consumer.metrics;

import dev.latencylab.kafka.metrics.RefreshedClientMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.Consumer;
import org.springframework.kafka.core.MicrometerConsumerListener;

/**
 * Spring Kafka's listener, binding each consumer with a shorter refresh than Micrometer's minute, on
 * a refresh thread of its own that goes with the consumer ({@link RefreshedClientMetrics}: a shared
 * one kept every consumer the app replaced in memory).
 */
final class FastRefreshConsumerListener<K, V> extends MicrometerConsumerListener<K, V> {

    private final Duration refresh;

    FastRefreshConsumerListener(MeterRegistry registry, Duration refresh) {
        super(registry);
        this.refresh = refresh;
    }

    @Override
    protected MeterBinder createClientMetrics(Consumer<K, V> consumer, List<Tag> tags) {
        return RefreshedClientMetrics.of(consumer, tags, refresh);
    }
}
