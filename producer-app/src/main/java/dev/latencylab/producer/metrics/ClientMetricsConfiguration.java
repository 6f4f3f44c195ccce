package dev.latencylab.producer.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.MicrometerProducerListener;
import org.springframework.kafka.core.ProducerFactory;

/**
 * Every settings change replaces the Kafka producer, and Micrometer looks for a client's new
 * metrics once a minute: the per-topic counters (byte-total, record-send-total), which a client
 * creates on its first send, reached Prometheus only a minute into each phase, so a shorter
 * phase had no per-topic figures at all (seen in a sweep of 15 s phases). This replaces Boot's
 * listener by one that looks every {@value #REFRESH_SECONDS} s, the scrape interval.
 */
@Configuration(proxyBeanMethods = false)
class ClientMetricsConfiguration {

    static final long REFRESH_SECONDS = 5;

    /** After Boot's customizers ran: the factory is built, its metrics listener added. */
    @Bean
    static BeanPostProcessor producerMetricsRefresh(ObjectProvider<MeterRegistry> registry) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof DefaultKafkaProducerFactory<?, ?> factory) {
                    replace(factory, registry.getObject());
                }
                return bean;
            }
        };
    }

    private static <K, V> void replace(DefaultKafkaProducerFactory<K, V> factory, MeterRegistry registry) {
        List<ProducerFactory.Listener<K, V>> boots = factory.getListeners().stream()
                .filter(l -> l instanceof MicrometerProducerListener)
                .toList();
        boots.forEach(factory::removeListener);
        factory.addListener(new FastRefreshProducerListener<>(registry, Duration.ofSeconds(REFRESH_SECONDS)));
    }
}
