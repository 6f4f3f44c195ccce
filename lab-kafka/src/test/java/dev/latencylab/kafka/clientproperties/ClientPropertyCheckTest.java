package dev.latencylab.kafka.clientproperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.junit.jupiter.api.Test;

class ClientPropertyCheckTest {

    @Test
    void propertiesTheProducerKnowsWithValuesOfTheirTypeAreAccepted() {
        assertThatCode(() -> ClientPropertyCheck.producer(
                        "producerConfig",
                        Map.of(
                                "max.request.size", "2097152",
                                "delivery.timeout.ms", "60000",
                                "partitioner.ignore.keys", "true",
                                "partitioner.class", "org.apache.kafka.clients.producer.RoundRobinPartitioner",
                                "metadata.max.age.ms", "5000")))
                .doesNotThrowAnyException();
    }

    @Test
    void anUnknownNameIsRefusedNamingIt() {
        assertThatThrownBy(() -> ClientPropertyCheck.producer("producerConfig", Map.of("max.requests.size", "1")))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> org.assertj.core.api.Assertions.assertThat(e.field())
                                .isEqualTo("producerConfig.max.requests.size"))
                .hasMessageContaining("has no property max.requests.size");
    }

    @Test
    void aValueOfTheWrongTypeOrOutOfTheValidatorsRangeIsRefused() {
        assertThatThrownBy(() -> ClientPropertyCheck.producer("producerConfig", Map.of("max.request.size", "big")))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageStartingWith("producerConfig.max.request.size must be an integer in [0,...]; got \"big\"")
                .hasMessageContaining("got \"big\"");
        assertThatThrownBy(() -> ClientPropertyCheck.producer("producerConfig", Map.of("retries", "-1")))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("producerConfig.retries");
    }

    @Test
    void classesOutsideTheKafkaClientAreRefused() {
        assertThatThrownBy(() -> ClientPropertyCheck.producer(
                        "producerConfig", Map.of("interceptor.classes", "com.example.Spy")))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("only the Kafka client's own");
        assertThatThrownBy(() -> ClientPropertyCheck.producer(
                        "producerConfig", Map.of("partitioner.class", "java.lang.Runtime")))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("partitioner.class");
    }

    @Test
    void theConsumerIsCheckedAgainstItsOwnDefinitions() {
        assertThatCode(() -> ClientPropertyCheck.consumer(
                        "consumerConfig", Map.of("isolation.level", "read_committed", "group.protocol", "consumer")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> ClientPropertyCheck.consumer("consumerConfig", Map.of("isolation.level", "dirty")))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageStartingWith(
                        "consumerConfig.isolation.level must be text in [read_committed, read_uncommitted]");
        assertThatThrownBy(() -> ClientPropertyCheck.consumer("consumerConfig", Map.of("max.request.size", "1")))
                .hasMessageContaining("the Kafka consumer has no property max.request.size (see ConsumerConfig)");
    }

    @Test
    void anAssignorIsAListOfClassesAndOnlyKafkasAreAccepted() {
        assertThatThrownBy(() -> ClientPropertyCheck.consumer(
                        "consumerConfig", Map.of("partition.assignment.strategy", "java.lang.Thread")))
                .isInstanceOfSatisfying(BadSettingsException.class, e -> assertThat(e.field())
                        .isEqualTo("consumerConfig.partition.assignment.strategy"))
                .hasMessageContaining("only the Kafka client's own");
        assertThatCode(() -> ClientPropertyCheck.consumer(
                        "consumerConfig",
                        Map.of(
                                "partition.assignment.strategy",
                                "org.apache.kafka.clients.consumer.CooperativeStickyAssignor")))
                .doesNotThrowAnyException();
    }

    /** Every LIST or CLASS property of either client, but for the few that name no class, loads classes. */
    @Test
    void everyPropertyThatNamesClassesIsUnderTheRule() {
        Set<String> namesNoClass = Set.of(
                "bootstrap.servers",
                "ssl.cipher.suites",
                "ssl.enabled.protocols",
                "sasl.oauthbearer.expected.audience",
                "config.providers");
        for (var client : List.of(
                Map.entry(ProducerConfig.configDef(), "producer"), Map.entry(ConsumerConfig.configDef(), "consumer"))) {
            for (ConfigDef.ConfigKey key : client.getKey().configKeys().values()) {
                if ((key.type != ConfigDef.Type.LIST && key.type != ConfigDef.Type.CLASS)
                        || namesNoClass.contains(key.name)) {
                    continue;
                }
                Map<String, String> thread = Map.of(key.name, "java.lang.Thread");
                assertThatThrownBy(
                                () -> {
                                    if (client.getValue().equals("producer")) {
                                        ClientPropertyCheck.producer("config", thread);
                                    } else {
                                        ClientPropertyCheck.consumer("config", thread);
                                    }
                                },
                                client.getValue() + " " + key.name)
                        .isInstanceOf(BadSettingsException.class)
                        .hasMessageContaining("only the Kafka client's own");
            }
        }
    }

    /**
     * What the apps configure their clients with and compare gives Kafka's tools: every name one the
     * client knows, every value of its type and in its range by the client's own definitions.
     */
    @Test
    void theSettingsOwnClientPropertiesAreTheClientsOwn() {
        ProducerSettings plain = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);
        List<ProducerSettings> producers = List.of(
                plain,
                plain.apply(SettingsChange.read(Map.of("compression", "gzip", "compressionLevel", 9))),
                plain.apply(SettingsChange.read(Map.of("compression", "lz4", "compressionLevel", 17))),
                plain.apply(SettingsChange.read(Map.of("compression", "zstd", "compressionLevel", -131_072))),
                plain.apply(SettingsChange.read(Map.of(
                        "acks",
                        "1",
                        "producerConfig",
                        Map.of(
                                "send.buffer.bytes",
                                -1,
                                "buffer.memory",
                                134_217_728,
                                "max.in.flight.requests.per.connection",
                                10)))));
        for (ProducerSettings s : producers) {
            assertThatCode(() -> ClientPropertyCheck.producer("settings", s.kafkaProperties()))
                    .as(s.toString())
                    .doesNotThrowAnyException();
            assertThatCode(() -> ClientPropertyCheck.producer("producerConfig", s.producerConfig()))
                    .as(s.toString())
                    .doesNotThrowAnyException();
        }
        assertThatThrownBy(() -> ClientPropertyCheck.producer("producerConfig", Map.of("send.buffer.bytes", "-2")))
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("producerConfig.send.buffer.bytes");
        assertThatCode(() -> ClientPropertyCheck.consumer("consumer", ConsumerSettings.DEFAULTS.kafkaProperties()))
                .doesNotThrowAnyException();
        assertThat(ConsumerSettings.DEFAULTS.kafkaProperties()).isNotEmpty();
    }

    /**
     * The settings a phase need not give fall back to what the lab calls Kafka's defaults: they are the
     * client's own (a Kafka upgrade that changes one fails here, not silently in a report).
     */
    @Test
    void theSettingsFallbacksAreTheClientsOwnDefaults() {
        ProducerSettings plain = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);
        Map<String, Object> producerDefaults = ProducerConfig.configDef().defaultValues();
        for (String property : List.of("acks", "enable.idempotence", "linger.ms", "batch.size", "compression.type")) {
            assertThat(plain.kafkaProperties().get(property))
                    .as(property)
                    .isEqualTo(String.valueOf(producerDefaults.get(property)));
        }
        Map<String, Object> consumerDefaults = ConsumerConfig.configDef().defaultValues();
        ConsumerSettings.DEFAULTS.kafkaProperties().forEach((property, value) -> assertThat(value)
                .as(property)
                .isEqualTo(String.valueOf(consumerDefaults.get(property))));
    }
}
