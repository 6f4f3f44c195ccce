package dev.latencylab.producer.load;

import dev.latencylab.api.settings.ProducerSetting;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.producer.LabProducerProperties;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.springframework.kafka.core.ProducerFactory;

/**
 * The Kafka client configs spring-kafka's factory makes producers with, as the lab's settings: read
 * once at start, so the settings shown are the ones the client runs with, and written on every
 * change that needs a new producer.
 */
final class ClientConfigs {

    private ClientConfigs() {}

    /**
     * The settings the app starts with: each client setting from the factory (or Kafka's default when
     * it is not configured), the load's from lab.producer.
     */
    static ProducerSettings atStart(ProducerFactory<byte[], byte[]> factory, LabProducerProperties properties) {
        return ProducerSettings.ofClientConfig(
                SettingsChange.of(ProducerSetting.RATE, properties.rate())
                        .and(ProducerSetting.PAYLOAD_BYTES, properties.payloadBytes())
                        .and(ProducerSetting.KEY_STRATEGY, properties.keyStrategy()),
                factory.getConfigurationProperties(),
                ProducerConfig.configDef().defaultValues());
    }

    /**
     * Writes {@code next} into the factory's configs, for the producer it makes after a reset: its other
     * properties, then every client property its settings give ({@link ProducerSettings#kafkaProperties}). A codec's level is
     * set only when asked for, so the codec's own default applies otherwise. A property of {@code
     * previous.producerConfig} that {@code next} does not set goes back to what the app started with
     * ({@code atStart}), or to Kafka's default.
     */
    static void write(
            ProducerFactory<byte[], byte[]> factory,
            Map<String, Object> atStart,
            ProducerSettings previous,
            ProducerSettings next) {
        for (String name : previous.producerConfig().keySet()) {
            if (next.producerConfig().containsKey(name)) {
                continue;
            }
            if (atStart.containsKey(name)) {
                factory.updateConfigs(Map.of(name, atStart.get(name)));
            } else {
                factory.removeConfig(name);
            }
        }
        if (!next.producerConfig().isEmpty()) {
            factory.updateConfigs(Map.copyOf(next.producerConfig()));
        }
        previous.compression().levelProperty().ifPresent(factory::removeConfig);
        next.compression().levelProperty().ifPresent(factory::removeConfig);
        factory.updateConfigs(Map.<String, Object>copyOf(next.kafkaProperties()));
    }
}
