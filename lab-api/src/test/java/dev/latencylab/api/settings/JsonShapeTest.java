package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
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
                true,
                3,
                new ProducerSettings(20, 16_384, Compression.LZ4, 1_000, 400, KeyStrategy.CUSTOMER_ID),
                new SenderCounters(10, 9, 0, 9));

        String text = json.writeValueAsString(status);

        assertThat(text)
                .isEqualTo("{\"producerId\":\"5f0c0000-0000-0000-0000-000000000001\",\"running\":true,"
                        + "\"generation\":3,\"settings\":{\"lingerMs\":20,\"batchSize\":16384,\"compression\":\"lz4\","
                        + "\"rate\":1000.0,\"payloadBytes\":400,\"keyStrategy\":\"customer-id\"},"
                        + "\"counters\":{\"sent\":10,\"acked\":9,\"failed\":0,\"lastSequence\":9}}");
        assertThat(json.readValue(text, ProducerStatus.class)).isEqualTo(status);
    }

    @Test
    void aChangeCarriesOnlyWhatItSets() {
        assertThat(json.writeValueAsString(SettingsChange.linger(5))).isEqualTo("{\"lingerMs\":5}");
        assertThat(json.writeValueAsString(SettingsChange.stop())).isEqualTo("{\"running\":false}");
    }
}
