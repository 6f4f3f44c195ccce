package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ProcessingOrder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/** The settings an instance keeps for its next start, and what it refuses to start from. */
class SettingsFileTest {

    /** A phase's settings that the defaults are not: the new group protocol and fewer records a poll. */
    static final ConsumerSettings PHASE = ConsumerSettings.DEFAULTS.apply(ConsumerChange.fromJson(
            Map.of("maxPollRecords", 50, "consumerConfig", Map.of("group.protocol", "consumer"))));

    @TempDir
    Path dir;

    @Test
    void theSettingsWrittenAreTheSettingsAnInstanceStartsWith() throws IOException {
        Path file = dir.resolve("consumer-app.settings.json");

        SettingsFile.at(file).write(PHASE);

        assertThat(SettingsFile.at(file).initial()).isEqualTo(PHASE).isNotEqualTo(ConsumerSettings.DEFAULTS);
        assertThat(Files.readString(file))
                .contains("\"group.protocol\":\"consumer\"")
                .doesNotContain("consuming");
        try (var files = Files.list(dir)) {
            assertThat(files).as("no temporary file left beside it").containsExactly(file);
        }
    }

    @Test
    void aFileFromBeforeTheFetchSettingsWereKafkaPropertiesStartsTheInstanceWithThem() throws IOException {
        Path old = Files.writeString(
                dir.resolve("old.settings.json"),
                "{\"fetchMinBytes\": 1, \"fetchMaxWaitMs\": 50, \"maxPollRecords\": 50,"
                        + " \"maxPartitionFetchBytes\": 1048576, \"consumerConfig\": {\"group.protocol\": \"consumer\"}}");

        assertThat(SettingsFile.at(old).initial().consumerConfig())
                .containsExactlyInAnyOrderEntriesOf(Map.of("group.protocol", "consumer", "fetch.max.wait.ms", "50"));
    }

    @Test
    void withoutAFileOrWithoutOneConfiguredAnInstanceStartsWithTheDefaults() {
        assertThat(SettingsFile.at(dir.resolve("absent.json")).initial()).isEqualTo(ConsumerSettings.DEFAULTS);
        assertThat(SettingsFile.none().initial()).isEqualTo(ConsumerSettings.DEFAULTS);
    }

    @Test
    void aLinkOrAFolderInTheFilesPlaceIsNeitherFollowedNorReplaced() throws IOException {
        Path other = Files.writeString(dir.resolve("other.txt"), "not the lab's");
        Path link = Files.createSymbolicLink(dir.resolve("link.settings.json"), other);
        Path folder = Files.createDirectory(dir.resolve("folder.settings.json"));

        assertThatThrownBy(() -> SettingsFile.at(link).write(PHASE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("symbolic link");
        assertThatThrownBy(() -> SettingsFile.at(folder).write(PHASE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("directory");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(other).hasContent("not the lab's");
        assertThat(folder).isEmptyDirectory();
        assertThatThrownBy(() -> SettingsFile.at(link).initial())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(link.toString())
                .hasMessageContaining("symbolic link");
    }

    @Test
    void aFileThatIsNotSettingsStopsTheStartNamingItInsteadOfFallingBackToTheDefaults() throws IOException {
        Path corrupt = Files.writeString(dir.resolve("corrupt.settings.json"), "{\"maxPollRecords\": 50,");
        Path refused = Files.writeString(dir.resolve("refused.settings.json"), "{\"maxPollRecords\": 0}");
        Path paused = Files.writeString(dir.resolve("paused.settings.json"), "{\"consuming\": false}");

        for (Path file : new Path[] {corrupt, refused, paused}) {
            assertThatThrownBy(() -> SettingsFile.at(file).initial())
                    .as(file.getFileName().toString())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("the consumer settings file " + file + " cannot be used: ")
                    .hasMessageEndingWith("delete it to start with the default settings");
        }
        assertThatThrownBy(() -> SettingsFile.at(refused).initial()).hasMessageContaining("maxPollRecords");
    }

    @Test
    void everyChangeOfTheSettingsIsKeptForTheNextStart() {
        Path file = dir.resolve("consumer-app.settings.json");
        // A change of processing restarts no container: a registry without any will do.
        ConsumerModes modes = modes(SettingsFile.at(file).initial(), SettingsFile.at(file));

        ConsumerSettings now = modes.apply(ConsumerChange.fromJson(Map.of("processing", "per-key")));

        assertThat(now.processing()).isEqualTo(ProcessingOrder.PER_KEY);
        assertThat(SettingsFile.at(file).initial()).isEqualTo(now);
    }

    @Test
    void aChangeThatCannotBeKeptIsStillInEffect() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("consumer-app.settings.json"));
        ConsumerModes modes = modes(ConsumerSettings.DEFAULTS, SettingsFile.at(folder));

        ConsumerSettings now = modes.apply(ConsumerChange.fromJson(Map.of("processing", "per-key")));

        assertThat(modes.settings()).isEqualTo(now);
        assertThat(now.processing()).isEqualTo(ProcessingOrder.PER_KEY);
        assertThat(folder).isEmptyDirectory();
    }

    private static ConsumerModes modes(ConsumerSettings initial, SettingsFile file) {
        return new ConsumerModes(
                new KafkaListenerEndpointRegistry(),
                new ConsumerDescription("lab\\.orders", "g", Map.of()),
                initial,
                file,
                UnusedShareGroup.reader(),
                new SimpleMeterRegistry());
    }
}
