package dev.latencylab.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.app.metrics.ClientMetricsRefresh;
import dev.latencylab.app.selftest.SelfTestEndpoint;
import dev.latencylab.app.selftest.SelfTestFault;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.MicrometerConsumerListener;
import org.springframework.kafka.core.MicrometerProducerListener;

/** What an app's whole context gets from lab-app, as Spring Boot loads it: the listing and the beans. */
class LabAppAutoConfigurationTest {

    private final WebApplicationContextRunner app = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LabAppAutoConfiguration.class))
            .withUserConfiguration(Factories.class);

    @Test
    void springBootFindsItOnTheClassPath() {
        assertThat(ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader())
                        .getCandidates())
                .contains(LabAppAutoConfiguration.class.getName());
    }

    @Test
    void bothFactoriesGetTheFastRefreshListenersInsteadOfBoots() {
        app.run(context -> {
            assertThat(classes(
                            context.getBean(DefaultKafkaProducerFactory.class).getListeners()))
                    .containsExactly(ClientMetricsRefresh.class.getName() + "$ProducerListener");
            assertThat(classes(
                            context.getBean(DefaultKafkaConsumerFactory.class).getListeners()))
                    .containsExactly(ClientMetricsRefresh.class.getName() + "$ConsumerListener");
        });
    }

    @Test
    void metricsOffOrNoRegistryLeaveTheFactoriesAsTheyAre() {
        new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(LabAppAutoConfiguration.class))
                .withUserConfiguration(BareFactory.class)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(DefaultKafkaProducerFactory.class)
                                    .getListeners())
                            .isEmpty();
                });
    }

    @Test
    void theSelfTestEndpointComesOnlyWithAFault() {
        app.run(context -> assertThat(context).doesNotHaveBean(SelfTestEndpoint.class));
        app.withUserConfiguration(Fault.class)
                .run(context -> assertThat(context).hasSingleBean(SelfTestEndpoint.class));
    }

    private static List<String> classes(List<?> listeners) {
        return listeners.stream().map(l -> l.getClass().getName()).toList();
    }

    /** The factories as Boot's Kafka auto-configuration leaves them: with its own meters listener. */
    @Configuration(proxyBeanMethods = false)
    static class Factories {
        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        DefaultKafkaProducerFactory<byte[], byte[]> producerFactory(MeterRegistry registry) {
            var factory = new DefaultKafkaProducerFactory<byte[], byte[]>(
                    Map.of(), new ByteArraySerializer(), new ByteArraySerializer());
            factory.addListener(new MicrometerProducerListener<>(registry));
            return factory;
        }

        @Bean
        DefaultKafkaConsumerFactory<byte[], byte[]> consumerFactory(MeterRegistry registry) {
            var factory = new DefaultKafkaConsumerFactory<byte[], byte[]>(
                    Map.of(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
            factory.addListener(new MicrometerConsumerListener<>(registry));
            return factory;
        }
    }

    /** Kafka without Micrometer: no registry, no meters listener. */
    @Configuration(proxyBeanMethods = false)
    static class BareFactory {
        @Bean
        DefaultKafkaProducerFactory<byte[], byte[]> producerFactory() {
            return new DefaultKafkaProducerFactory<>(Map.of(), new ByteArraySerializer(), new ByteArraySerializer());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Fault {
        @Bean
        SelfTestFault fault() {
            return new SelfTestFault() {
                @Override
                public String example() {
                    return "{}";
                }

                @Override
                public Set<String> fields() {
                    return Set.of();
                }

                @Override
                public Map<String, Object> arm(Map<String, Object> fields) {
                    return Map.of();
                }

                @Override
                public Map<String, Object> state() {
                    return Map.of();
                }
            };
        }
    }
}
