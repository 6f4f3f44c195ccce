package dev.latencylab.producer.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.kafka.core.MicrometerProducerListener;

/** Spring Kafka's listener, binding each producer with a shorter refresh than Micrometer's minute. */
final class FastRefreshProducerListener<K, V> extends MicrometerProducerListener<K, V> {

    private final Duration refresh;

    FastRefreshProducerListener(MeterRegistry registry, Duration refresh) {
        super(registry);
        this.refresh = refresh;
    }

    @Override
    protected MeterBinder createClientMetrics(Producer<K, V> producer, List<Tag> tags) {
        return new KafkaClientMetrics(producer, tags, scheduler, refresh);
    }
}
