package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.producer.LabProducerProperties;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;

/** The configs the next Kafka producer is made with, on spring-kafka's real factory (no broker needed). */
class ClientConfigsTest {

    private static final ProducerSettings PLAIN =
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);

    @Test
    void aPhasesPropertiesReachTheFactoryAndGoBackToTheStartingOnesAfterIt() {
        Map<String, Object> start = new HashMap<>();
        start.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9092");
        start.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
        DefaultKafkaProducerFactory<byte[], byte[]> factory = new DefaultKafkaProducerFactory<>(start);
        Map<String, Object> atStart = new HashMap<>(factory.getConfigurationProperties());
        ProducerSettings tuned = PLAIN.apply(SettingsChange.read(
                Map.of("producerConfig", Map.of("max.request.size", 2_097_152, "delivery.timeout.ms", 60_000))));

        ClientConfigs.write(factory, atStart, PLAIN, tuned);
        assertThat(factory.getConfigurationProperties())
                .containsEntry(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, "2097152")
                .containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000")
                .containsEntry(ProducerConfig.LINGER_MS_CONFIG, "5");

        ClientConfigs.write(factory, atStart, tuned, PLAIN);
        assertThat(factory.getConfigurationProperties())
                .doesNotContainKey(ProducerConfig.MAX_REQUEST_SIZE_CONFIG)
                .containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
    }

    /** Every client property the settings give reaches the client, and the settings at start are read back from it. */
    @Test
    void everyClientSettingOfTheTableIsWrittenAndReadBackByItsKafkaName() {
        ProducerSettings tuned = PLAIN.apply(SettingsChange.read(Map.of(
                "acks",
                1,
                "producerConfig",
                Map.of("max.in.flight.requests.per.connection", 2, "send.buffer.bytes", -1))));
        DefaultKafkaProducerFactory<byte[], byte[]> factory = new DefaultKafkaProducerFactory<>(new HashMap<>());

        ClientConfigs.write(factory, Map.of(), PLAIN, tuned);

        assertThat(tuned.kafkaProperties()).hasSize(5);
        tuned.kafkaProperties().forEach((property, value) -> {
            assertThat(ProducerConfig.configNames()).contains(property);
            assertThat(factory.getConfigurationProperties()).containsEntry(property, value);
        });
        assertThat(factory.getConfigurationProperties())
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false")
                .containsEntry(ProducerConfig.ACKS_CONFIG, "1")
                .containsEntry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "2")
                .containsEntry(ProducerConfig.SEND_BUFFER_CONFIG, "-1");
        LabProducerProperties load = SampleFolderTest.properties(java.nio.file.Path.of("payloads"));
        // The other properties are the factory's own at start: a phase gives them, none is read back.
        ProducerSettings withoutOthers = tuned.apply(SettingsChange.read(Map.of("producerConfig", Map.of())));
        assertThat(ClientConfigs.atStart(factory, load).sameClient(withoutOthers))
                .isTrue();
    }

    @Test
    void theSettingsAClientConfigurationGivesAreReadLenientlyWithTheClientsDefaultsForTheRest() {
        Map<String, Object> defaults =
                Map.of("linger.ms", 5, "batch.size", 16_384, "compression.type", "none", "acks", "all");
        Map<String, Object> configured = Map.of("linger.ms", " 20 ", "acks", "1", "batch.size", 65_536);

        ProducerSettings s = ClientConfigs.ofClientConfig(1_000, 400, KeyStrategy.ORDER_ID, configured, defaults);

        assertThat(s.lingerMs()).isEqualTo(20);
        assertThat(s.batchSize()).isEqualTo(65_536);
        assertThat(s.acks()).isEqualTo(Acks.LEADER);
        assertThat(s.rate()).isEqualTo(1_000.0);
        assertThat(ClientConfigs.ofClientConfig(1_000, 400, KeyStrategy.ORDER_ID, s.kafkaProperties(), defaults))
                .isEqualTo(s);
        assertThat(ClientConfigs.ofClientConfig(
                        1_000,
                        400,
                        KeyStrategy.ORDER_ID,
                        Map.of(),
                        ProducerConfig.configDef().defaultValues()))
                .as("Kafka's own defaults are the settings' defaults")
                .isEqualTo(new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID));
    }
}
