package dev.latencylab.app.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;

/**
 * One Kafka client's meters, refreshed more often than Micrometer's minute on a refresh thread of
 * their own, stopped when they are closed (Spring Kafka closes them when it removes the client).
 * Micrometer never cancels its refresh task on a scheduler it was given, and that task holds the
 * client, so with one shared scheduler every client an app replaced (one per change of its Kafka
 * settings) stayed in memory with its buffers.
 */
public final class RefreshedClientMetrics implements MeterBinder, AutoCloseable {

    private final KafkaClientMetrics metrics;
    private final ScheduledExecutorService refresher;

    private RefreshedClientMetrics(Function<ScheduledExecutorService, KafkaClientMetrics> metrics) {
        this.refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kafka-client-metrics-refresh");
            t.setDaemon(true);
            return t;
        });
        this.metrics = metrics.apply(refresher);
    }

    /** A producer's meters, refreshed every {@code refresh}. */
    public static RefreshedClientMetrics of(Producer<?, ?> producer, List<Tag> tags, Duration refresh) {
        return new RefreshedClientMetrics(refresher -> new KafkaClientMetrics(producer, tags, refresher, refresh));
    }

    /** A consumer's meters, refreshed every {@code refresh}. */
    public static RefreshedClientMetrics of(Consumer<?, ?> consumer, List<Tag> tags, Duration refresh) {
        return new RefreshedClientMetrics(refresher -> new KafkaClientMetrics(consumer, tags, refresher, refresh));
    }

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
