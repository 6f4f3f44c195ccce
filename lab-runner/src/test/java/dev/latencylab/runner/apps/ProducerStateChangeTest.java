package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProducerStateChangeTest {

    private static final UUID ID = UUID.fromString("08699f0e-669c-4bba-9c17-37086ace3f43");
    private static final ProducerSettings SET =
            new ProducerSettings(0, 16_384, Compression.NONE, 2_000, 400, KeyStrategy.ORDER_ID);

    @Test
    void theSameProducerTopicAndSettingsAreNoChange() {
        assertThat(ProducerStateChange.between(status(ID, "lab.orders", SET), status(ID, "lab.orders", SET)))
                .isEmpty();
    }

    @Test
    void eachDifferenceIsNamedAsScenarioFilesNameIt() {
        ProducerSettings changed = SET.apply(SettingsChange.read(
                Map.of("rate", 4_000, "compression", "lz4", "producerConfig", Map.of("retries", "3"))));

        assertThat(ProducerStateChange.between(status(ID, "lab.orders", SET), status(ID, "lab.other", changed)))
                .contains("topic lab.orders → lab.other, compression none → lz4, rate 2000 → 4000,"
                        + " producerConfig {} → {retries=3}");
    }

    @Test
    void aNewProducerIdIsARestart() {
        UUID next = UUID.fromString("00000000-0000-0000-0000-000000000001");

        assertThat(ProducerStateChange.between(status(ID, "lab.orders", SET), status(next, "lab.orders", SET)))
                .contains("restarted (producer " + ID + " → " + next + ")");
    }

    private static ProducerStatus status(UUID id, String topic, ProducerSettings settings) {
        return new ProducerStatus(id, topic, true, 1, settings, 0, null, null, List.of(), true, null);
    }
}
