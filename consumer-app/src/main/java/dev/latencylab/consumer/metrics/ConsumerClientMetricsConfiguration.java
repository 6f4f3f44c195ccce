package dev.latencylab.consumer.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.MicrometerConsumerListener;

/**
 * A change of listener, fetch or commit settings replaces the Kafka consumer, and Micrometer looks
 * for a client's new metrics once a minute: the new consumer's fetch, commit and per-partition lag
 * metrics would reach Prometheus a minute after each switch. This replaces Boot's listener by one
 * that looks every {@value #REFRESH_SECONDS} s, the scrape interval (as the producer-app does).
 */
@Configuration(proxyBeanMethods = false)
class ConsumerClientMetricsConfiguration {

    static final long REFRESH_SECONDS = 5;

    /** After Boot's customizers ran: the factory is built, its metrics listener added. */
    @Bean
    static BeanPostProcessor consumerMetricsRefresh(ObjectProvider<MeterRegistry> registry) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof DefaultKafkaConsumerFactory<?, ?> factory) {
                    replace(factory, registry.getObject());
                }
                return bean;
            }
        };
    }

    private static <K, V> void replace(DefaultKafkaConsumerFactory<K, V> factory, MeterRegistry registry) {
        List<ConsumerFactory.Listener<K, V>> boots = factory.getListeners().stream()
                .filter(l -> l instanceof MicrometerConsumerListener)
                .toList();
        boots.forEach(factory::removeListener);
        factory.addListener(new FastRefreshConsumerListener<>(registry, Duration.ofSeconds(REFRESH_SECONDS)));
    }
}
