package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.producer.HeapBudget;
import dev.latencylab.producer.LabProducerProperties;
import dev.latencylab.producer.selftest.DuplicatedRecords;
import dev.latencylab.producer.selftest.SenderPause;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.ProducerFactory;

/**
 * The sender reads a sample file itself, when it plans the change, and only through its sample
 * folder: what the endpoint let through is not read again later by a path that may lead elsewhere.
 * Not started: no Kafka, the change is planned and queued only.
 */
class LoadGeneratorSampleTest {

    @TempDir
    Path dir;

    @Test
    void aSampleFileOutsideTheFolderIsRefusedBeforeTheChangeIsQueued() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("payloads"));
        Path secret = Files.writeString(dir.resolve("secret.txt"), "the password\n");
        Path orders = Files.writeString(folder.resolve("orders.jsonl"), "{\"order\": 1}\n");
        LoadGenerator generator = generator(folder);

        assertThatThrownBy(() -> generator.submit(sample(secret), null))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("payloadFile " + secret + " is outside " + folder);
        assertThat(generator.submit(sample(orders), null)).isNotDone();
    }

    private static SettingsChange sample(Path file) {
        return SettingsChange.read(Map.of("payload", "sample", "payloadFile", file.toString()));
    }

    private static LoadGenerator generator(Path folder) {
        return generator(folder, new DefaultKafkaProducerFactory<>(Map.of()), new LabProducers.KafkaMaker());
    }

    /**
     * A generator, not started, sending through producers {@code maker} makes of {@code factory}'s configs,
     * its sample folder {@code folder}.
     */
    static LoadGenerator generator(Path folder, ProducerFactory<byte[], byte[]> factory, LabProducers.Maker maker) {
        LabProducerProperties properties = SampleFolderTest.properties(folder);
        return new LoadGenerator(
                factory,
                maker,
                properties,
                new SimpleMeterRegistry(),
                new SenderHistograms(Clock.SYSTEM),
                new DuplicatedRecords(),
                new SenderPause(),
                new SampleFolder(properties, new HeapBudget()));
    }
}
