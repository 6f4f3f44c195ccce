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
 * One daemon thread refreshes every producer's meters; Micrometer leaves a scheduler it was given
 * running when a producer goes, so the next producer can use it.
 */
final class FastRefreshProducerListener<K, V> extends MicrometerProducerListener<K, V> {

    private final Duration refresh;
    private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "kafka-client-metrics-refresh");
        t.setDaemon(true);
        return t;
    });

    FastRefreshProducerListener(MeterRegistry registry, Duration refresh) {
        super(registry);
        this.refresh = refresh;
    }

    @Override
    protected MeterBinder createClientMetrics(Producer<K, V> producer, List<Tag> tags) {
        return new KafkaClientMetrics(producer, tags, refresher, refresh);
    }
}
