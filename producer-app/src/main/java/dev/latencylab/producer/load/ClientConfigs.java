package dev.latencylab.producer.load;

import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ProducerSettings;
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

    /** The settings the app starts with: the client's from the factory, the load's from lab.producer. */
    static ProducerSettings atStart(ProducerFactory<byte[], byte[]> factory, LabProducerProperties properties) {
        return new ProducerSettings(
                clientSetting(factory, ProducerConfig.LINGER_MS_CONFIG),
                clientSetting(factory, ProducerConfig.BATCH_SIZE_CONFIG),
                compressionSetting(factory),
                null,
                properties.rate(),
                properties.payloadBytes(),
                properties.keyStrategy(),
                null,
                null,
                acksSetting(factory),
                clientSetting(factory, ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION),
                clientSetting(factory, ProducerConfig.SEND_BUFFER_CONFIG),
                clientSetting(factory, ProducerConfig.BUFFER_MEMORY_CONFIG));
    }

    /**
     * Writes {@code next} into the factory's configs, for the producer it makes after a reset. A
     * codec's level is set only when asked for, so the codec's own default applies otherwise. A
     * property of {@code previous.producerConfig} that {@code next} does not set goes back to what
     * the app started with ({@code atStart}), or to Kafka's default.
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
        factory.updateConfigs(Map.of(
                ProducerConfig.LINGER_MS_CONFIG, next.lingerMs(),
                ProducerConfig.BATCH_SIZE_CONFIG, next.batchSize(),
                ProducerConfig.COMPRESSION_TYPE_CONFIG, next.compression().kafkaName(),
                // Kafka refuses idempotence with acks other than all; it goes with acks.
                ProducerConfig.ACKS_CONFIG, next.acks().kafkaValue(),
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, next.acks().idempotent(),
                ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, next.maxInFlight(),
                ProducerConfig.SEND_BUFFER_CONFIG, next.sendBufferBytes(),
                ProducerConfig.BUFFER_MEMORY_CONFIG, next.bufferMemory()));
        previous.compression().levelProperty().ifPresent(factory::removeConfig);
        next.compression().levelProperty().ifPresent(property -> {
            if (next.compressionLevel() != null) {
                factory.updateConfigs(Map.of(property, next.compressionLevel()));
            } else {
                factory.removeConfig(property);
            }
        });
    }

    /** A client setting as configured (spring.kafka.producer), or Kafka's own default when it is not. */
    private static int clientSetting(ProducerFactory<byte[], byte[]> factory, String name) {
        Object value = factory.getConfigurationProperties().get(name);
        if (value == null) {
            value = ProducerConfig.configDef().defaultValues().get(name);
        }
        return Integer.parseInt(value.toString().trim());
    }

    private static Acks acksSetting(ProducerFactory<byte[], byte[]> factory) {
        Object value = factory.getConfigurationProperties().getOrDefault(ProducerConfig.ACKS_CONFIG, "all");
        return Acks.parse(String.valueOf(value).trim())
                .orElseThrow(() -> new IllegalArgumentException("acks " + value + " is not one the lab accounts for"));
    }

    private static Compression compressionSetting(ProducerFactory<byte[], byte[]> factory) {
        Object value = factory.getConfigurationProperties()
                .getOrDefault(
                        ProducerConfig.COMPRESSION_TYPE_CONFIG,
                        ProducerConfig.configDef().defaultValues().get(ProducerConfig.COMPRESSION_TYPE_CONFIG));
        return Compression.fromKafkaName(String.valueOf(value))
                .orElseThrow(() -> new IllegalArgumentException("unsupported compression.type " + value));
    }
}
