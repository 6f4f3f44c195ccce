package dev.latencylab.app.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.MicrometerConsumerListener;
import org.springframework.kafka.core.MicrometerProducerListener;

/**
 * Each app replaces its Kafka client at a change of client settings (the producer-app at every
 * change of linger, batch, codec...; the consumer-app at a change of listener, fetch or commit), and
 * Micrometer looks for a client's new metrics once a minute: the producer's per-topic counters,
 * which a client creates on its first send, reached Prometheus only a minute into each phase (a
 * sweep of 15 s phases had none), and a new consumer's fetch, commit and lag metrics a minute after
 * each switch. This replaces Boot's listeners by ones that look every {@value #REFRESH_SECONDS} s,
 * the scrape interval, each client on a refresh thread of its own ({@link RefreshedClientMetrics}).
 */
@Configuration(proxyBeanMethods = false)
public class ClientMetricsRefresh {

    static final long REFRESH_SECONDS = 5;
    private static final Duration REFRESH = Duration.ofSeconds(REFRESH_SECONDS);

    /** After Boot's customizers ran: each factory is built, its metrics listener added. */
    @Bean
    static BeanPostProcessor kafkaClientMetricsRefresh(ObjectProvider<MeterRegistry> registry) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                // The registry is asked for only here: asking while it is itself being made would fail.
                if (bean instanceof DefaultKafkaProducerFactory<?, ?> factory) {
                    replace(factory, registry.getIfAvailable());
                } else if (bean instanceof DefaultKafkaConsumerFactory<?, ?> factory) {
                    replace(factory, registry.getIfAvailable());
                }
                return bean;
            }
        };
    }

    private static <K, V> void replace(DefaultKafkaProducerFactory<K, V> factory, MeterRegistry registry) {
        if (removedBoots(factory.getListeners(), MicrometerProducerListener.class, registry, factory::removeListener)) {
            factory.addListener(new ProducerListener<>(registry, REFRESH));
        }
    }

    private static <K, V> void replace(DefaultKafkaConsumerFactory<K, V> factory, MeterRegistry registry) {
        if (removedBoots(factory.getListeners(), MicrometerConsumerListener.class, registry, factory::removeListener)) {
            factory.addListener(new ConsumerListener<>(registry, REFRESH));
        }
    }

    /**
     * Only where Boot bound the client's meters (metrics on, a registry) is its listener removed,
     * for ours to take its place; none is added where it added none.
     *
     * @return whether Boot's listener was removed
     */
    static <L> boolean removedBoots(
            List<L> listeners, Class<?> bootsType, MeterRegistry registry, java.util.function.Consumer<L> remove) {
        List<L> boots = listeners.stream().filter(bootsType::isInstance).toList();
        if (registry == null || boots.isEmpty()) {
            return false;
        }
        boots.forEach(remove);
        return true;
    }

    /** Spring Kafka's producer listener, binding each producer with the shorter refresh. */
    static final class ProducerListener<K, V> extends MicrometerProducerListener<K, V> {
        private final Duration refresh;

        ProducerListener(MeterRegistry registry, Duration refresh) {
            super(registry);
            this.refresh = refresh;
        }

        @Override
        protected MeterBinder createClientMetrics(Producer<K, V> producer, List<Tag> tags) {
            return RefreshedClientMetrics.of(producer, tags, refresh);
        }
    }

    /** Spring Kafka's consumer listener, binding each consumer with the shorter refresh. */
    static final class ConsumerListener<K, V> extends MicrometerConsumerListener<K, V> {
        private final Duration refresh;

        ConsumerListener(MeterRegistry registry, Duration refresh) {
            super(registry);
            this.refresh = refresh;
        }

        @Override
        protected MeterBinder createClientMetrics(Consumer<K, V> consumer, List<Tag> tags) {
            return RefreshedClientMetrics.of(consumer, tags, refresh);
        }
    }
}
