package dev.latencylab.producer.load;

import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.Pacing;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.producer.LabProducerProperties;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.springframework.kafka.core.ProducerFactory;

/**
 * The Kafka client configs in spring-kafka's factory, which the lab makes its producers with, as the lab's settings: read
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
        return ofClientConfig(
                properties.rate(),
                properties.payloadBytes(),
                properties.keyStrategy(),
                factory.getConfigurationProperties(),
                ProducerConfig.configDef().defaultValues());
    }

    /**
     * The settings a Kafka producer made from {@code configured} (its client configuration, values
     * typed or text) runs with: each client setting's property from it, else from {@code defaults}
     * (the client's own), read leniently; the load's as given, the rest at their defaults.
     */
    static ProducerSettings ofClientConfig(
            double rate, int payloadBytes, KeyStrategy keys, Map<String, ?> configured, Map<String, ?> defaults) {
        Function<String, String> value = property -> String.valueOf(
                        configured.get(property) != null ? configured.get(property) : defaults.get(property))
                .trim();
        Function<String, Integer> number = property -> Integer.valueOf(value.apply(property));
        return new ProducerSettings(
                number.apply(ProducerConfig.LINGER_MS_CONFIG),
                number.apply(ProducerConfig.BATCH_SIZE_CONFIG),
                Compression.fromKafkaName(value.apply(ProducerConfig.COMPRESSION_TYPE_CONFIG))
                        .orElseThrow(() -> new IllegalArgumentException(
                                "unsupported compression.type " + value.apply(ProducerConfig.COMPRESSION_TYPE_CONFIG))),
                null,
                rate,
                payloadBytes,
                keys,
                PayloadKind.WORDS,
                null,
                Acks.parse(value.apply(ProducerConfig.ACKS_CONFIG))
                        .orElseThrow(() -> new IllegalArgumentException("acks "
                                + value.apply(ProducerConfig.ACKS_CONFIG) + " is not one the lab accounts for")),
                0,
                0,
                Pacing.EVEN,
                Map.of());
    }

    /**
     * Writes {@code next} into the factory's configs, for the next producer made of them: its other
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
