package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.producer.SenderTime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The contract's JSON as docs/contracts.md shows it: Kafka's names for codecs, the endpoint's for keys. */
class JsonShapeTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void producerStatusRoundTripsInTheDocumentedShape() {
        ProducerStatus status = new ProducerStatus(
                UUID.fromString("5f0c0000-0000-0000-0000-000000000001"),
                "lab.orders",
                true,
                3,
                new ProducerSettings(20, 16_384, Compression.LZ4, 1_000, 400, KeyStrategy.CUSTOMER_ID),
                7,
                "linger-20#1",
                new SenderCounters(10, 9, 0, 9),
                List.of(new PhaseSends(
                        7,
                        "lab.orders",
                        10,
                        9,
                        0,
                        new Percentiles(0.008, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06),
                        List.of(new PartitionAcks(2, 9, 100, 108)),
                        new SenderTime(30.0, 6_600.0, 7_500.0, 12, 4),
                        null)),
                true,
                null);

        String text = json.writeValueAsString(status);

        assertThat(text)
                .isEqualTo(
                        "{\"producerId\":\"5f0c0000-0000-0000-0000-000000000001\",\"topic\":\"lab.orders\",\"running\":true,"
                                + "\"generation\":3,\"settings\":{\"lingerMs\":20,\"batchSize\":16384,\"compression\":\"lz4\","
                                + "\"rate\":1000.0,\"payloadBytes\":400,\"keyStrategy\":\"customer-id\",\"payload\":\"words\","
                                + "\"acks\":\"all\","
                                + "\"transactionMs\":0,\"abortEvery\":0,\"pacing\":\"even\"},"
                                + "\"phase\":7,\"phaseName\":\"linger-20#1\",\"counters\":{\"sent\":10,\"acked\":9,\"failed\":0,\"lastSequence\":9,"
                                + "\"retries\":0,\"errors\":0},"
                                + "\"phases\":[{\"phase\":7,\"topic\":\"lab.orders\",\"sent\":10,\"acked\":9,\"failed\":0,\"publishDelayMs\":"
                                + "{\"p10\":0.008,\"p50\":0.01,\"p90\":0.02,\"p95\":0.03,\"p99\":0.04,\"p999\":0.05,\"max\":0.06},"
                                + "\"partitions\":[{\"partition\":2,\"acked\":9,\"firstOffset\":100,\"lastOffset\":108,"
                                + "\"abortedRecords\":0,\"lastCommittedOffset\":108}],"
                                + "\"senderTime\":{\"seconds\":30.0,\"onCpuMs\":6600.0,\"waitingForCpuMs\":7500.0,\"gcPauseMs\":12,"
                                + "\"gcCount\":4}}],\"header\":true}");
        assertThat(json.readValue(text, ProducerStatus.class)).isEqualTo(status);
    }

    @Test
    void aChangeCarriesOnlyWhatItSets() {
        assertThat(json.writeValueAsString(SettingsChange.linger(5))).isEqualTo("{\"lingerMs\":5}");
        assertThat(json.writeValueAsString(SettingsChange.stop())).isEqualTo("{\"running\":false}");
        assertThat(json.writeValueAsString(SettingsChange.start(
                        new ProducerSettings(0, 16_384, Compression.NONE, 500, 400, KeyStrategy.ORDER_ID), 3)))
                .endsWith("\"pacing\":\"even\",\"producerConfig\":{},\"running\":true,\"phase\":3,\"header\":true}");
    }

    @Test
    void producerPropertiesShowOnlyWhenSetAndComeBackAsTheyWent() {
        ProducerSettings plain = new ProducerSettings(0, 16_384, Compression.NONE, 500, 400, KeyStrategy.ORDER_ID);
        assertThat(json.writeValueAsString(plain)).doesNotContain("producerConfig");
        ProducerSettings tuned = plain.apply(SettingsChange.read(
                java.util.Map.of("producerConfig", java.util.Map.of("max.request.size", 2_097_152, "retries", "5"))));
        String text = json.writeValueAsString(tuned);
        assertThat(text).endsWith("\"producerConfig\":{\"max.request.size\":\"2097152\",\"retries\":\"5\"}}");
        assertThat(json.readValue(text, ProducerSettings.class)).isEqualTo(tuned);
        // A start names the whole set, so a phase without properties goes back to none.
        assertThat(tuned.apply(SettingsChange.start(plain, 4)).producerConfig()).isEmpty();
    }
}
