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
 * One daemon thread refreshes every consumer's meters; Micrometer leaves a scheduler it was given
 * running when a consumer goes, so the next consumer can use it.
 */
final class FastRefreshConsumerListener<K, V> extends MicrometerConsumerListener<K, V> {

    private final Duration refresh;
    private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "kafka-client-metrics-refresh");
        t.setDaemon(true);
        return t;
    });

    FastRefreshConsumerListener(MeterRegistry registry, Duration refresh) {
        super(registry);
        this.refresh = refresh;
    }

    @Override
    protected MeterBinder createClientMetrics(Consumer<K, V> consumer, List<Tag> tags) {
        return new KafkaClientMetrics(consumer, tags, refresher, refresh);
    }
}
