package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtraPropertiesTest {

    @Test
    void propertiesAreKeptSortedAndNoneReadsAsEmpty() {
        assertThat(ExtraProperties.checked("producerConfig", null, ExtraProperties.PRODUCER_OWNED))
                .isEmpty();
        assertThat(ExtraProperties.checked(
                        "producerConfig",
                        Map.of("retries", "5", "max.request.size", "1048576"),
                        ExtraProperties.PRODUCER_OWNED))
                .containsExactly(Map.entry("max.request.size", "1048576"), Map.entry("retries", "5"));
    }

    @Test
    void aPropertyTheLabSetsIsRefusedNamingTheSettingToUse() {
        assertThatThrownBy(() -> ExtraProperties.checked(
                        "producerConfig", Map.of("linger.ms", "5"), ExtraProperties.PRODUCER_OWNED))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("producerConfig.linger.ms"))
                .hasMessage("producerConfig.linger.ms is set by the lab; use lingerMs instead");
        assertThatThrownBy(() -> ExtraProperties.checked(
                        "producerConfig", Map.of("bootstrap.servers", "evil:9092"), ExtraProperties.PRODUCER_OWNED))
                .hasMessageContaining("scripts/lab up --bootstrap");
    }

    @Test
    void secretsAndConnectionSecurityBelongInTheClientConfigFile() {
        assertThatThrownBy(() -> ExtraProperties.checked(
                        "producerConfig", Map.of("sasl.jaas.config", "x"), ExtraProperties.PRODUCER_OWNED))
                .hasMessageContaining("--client-config");
        assertThatThrownBy(() -> ExtraProperties.checked(
                        "producerConfig", Map.of("security.protocol", "SSL"), ExtraProperties.PRODUCER_OWNED))
                .hasMessageContaining("--client-config");
    }

    @Test
    void theShapeIsBoundedAtEachLimit() {
        Map<String, String> most = new HashMap<>();
        for (int i = 0; i < ExtraProperties.MAX_ENTRIES; i++) {
            most.put("p" + i, "v");
        }
        assertThat(ExtraProperties.checked("producerConfig", most, ExtraProperties.PRODUCER_OWNED))
                .hasSize(ExtraProperties.MAX_ENTRIES);
        most.put("one.more", "v");
        assertThatThrownBy(() -> ExtraProperties.checked("producerConfig", most, ExtraProperties.PRODUCER_OWNED))
                .hasMessage("producerConfig sets at most 32 properties; got 33");
        assertThat(ExtraProperties.checked(
                        "producerConfig",
                        Map.of("a", "x".repeat(ExtraProperties.MAX_VALUE_LENGTH)),
                        ExtraProperties.PRODUCER_OWNED))
                .hasSize(1);
        assertThatThrownBy(() -> ExtraProperties.checked(
                        "producerConfig",
                        Map.of("a", "x".repeat(ExtraProperties.MAX_VALUE_LENGTH + 1)),
                        ExtraProperties.PRODUCER_OWNED))
                .hasMessage("producerConfig.a must be a value of at most 500 characters; got 501 characters");
        assertThatThrownBy(() -> ExtraProperties.checked(
                        "producerConfig", Map.of("Max Request", "1"), ExtraProperties.PRODUCER_OWNED))
                .hasMessageContaining("lowercase letters");
    }

    @Test
    void theConsumersOwnPropertiesAreRefusedNamingTheConsumerSetting() {
        assertThatThrownBy(() -> ExtraProperties.checked(
                        "consumerConfig", Map.of("max.poll.records", "5"), ExtraProperties.CONSUMER_OWNED))
                .hasMessage("consumerConfig.max.poll.records is set by the lab; use maxPollRecords instead");
        assertThat(ExtraProperties.checked(
                        "consumerConfig", Map.of("isolation.level", "read_committed"), ExtraProperties.CONSUMER_OWNED))
                .containsEntry("isolation.level", "read_committed");
    }

    @Test
    void eachClientOwnsItsBrokersItsNameAndTheSerdesOfItsSide() {
        String bytes = "nothing: the lab's records are bytes";
        assertThat(ExtraProperties.PRODUCER_OWNED)
                .containsEntry("bootstrap.servers", "scripts/lab up --bootstrap")
                .containsEntry("client.id", "nothing: the lab names its clients")
                .containsEntry("key.serializer", bytes)
                .containsEntry("value.serializer", bytes)
                .doesNotContainKeys(
                        "key.deserializer",
                        "value.deserializer",
                        "group.id",
                        "max.in.flight.requests.per.connection",
                        "send.buffer.bytes",
                        "buffer.memory")
                .hasSize(13);
        assertThat(ExtraProperties.CONSUMER_OWNED)
                .containsEntry("bootstrap.servers", "scripts/lab up --bootstrap")
                .containsEntry("client.id", "nothing: the lab names its clients")
                .containsEntry("key.deserializer", bytes)
                .containsEntry("value.deserializer", bytes)
                .containsEntry("auto.commit.interval.ms", "commitIntervalMs (with commit auto)")
                .containsEntry("max.poll.records", "maxPollRecords")
                .doesNotContainKeys(
                        "key.serializer",
                        "value.serializer",
                        "enable.idempotence",
                        "fetch.max.wait.ms",
                        "fetch.min.bytes")
                .hasSize(10);
    }

    @Test
    void aValueWithALineBreakOrAnotherControlCharacterIsRefusedNamingIt() {
        // A value is logged and written into summary.md: a line break there forges a line.
        for (String value : new String[] {"rack-1\n# forged", "rack-1\r", "rack\u001b[31m", "rack\u2028", "a\u0000"}) {
            assertThatThrownBy(() -> ExtraProperties.checked(
                            "consumerConfig", Map.of("client.rack", value), ExtraProperties.CONSUMER_OWNED))
                    .isInstanceOfSatisfying(BadSettingsException.class, e -> assertThat(e.field())
                            .isEqualTo("consumerConfig.client.rack"))
                    .hasMessageStartingWith("consumerConfig.client.rack must be printable text");
        }
        assertThat(ExtraProperties.checked(
                        "consumerConfig", Map.of("client.rack", "eu-west-1a é"), ExtraProperties.CONSUMER_OWNED))
                .containsEntry("client.rack", "eu-west-1a é");
    }
}
