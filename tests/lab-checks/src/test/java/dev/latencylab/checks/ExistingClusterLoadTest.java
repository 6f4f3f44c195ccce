package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 'up --bootstrap': on a cluster the lab did not start, the producer-app starts with its load stopped, so nothing
 * is written there before a run starts it (after a dry run could say what the run will do). On the lab's own
 * brokers it starts sending as before: that is how 'up' sees the brokers take writes.
 */
class ExistingClusterLoadTest {

    private Path labDir;

    @BeforeEach
    void labDir() throws IOException {
        labDir = Files.createDirectories(Repo.buildDir().resolve("existing-load-" + System.nanoTime()));
    }

    @Test
    void onTheUsersClusterTheProducerAppStartsWithItsLoadStopped() throws IOException {
        Files.writeString(labDir.resolve("bootstrap"), "broker.example:9092\n");

        Tools.Result result = LabShell.run(labDir, Map.of(), "existing_producer_args");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output().strip()).isEqualTo("--lab.producer.autostart=false");
    }

    @Test
    void onTheLabsOwnBrokersNothingChanges() {
        Tools.Result result = LabShell.run(labDir, Map.of(), "existing_producer_args");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).isBlank();
    }

    @Test
    void upSaysWhatTheProducerAppFoundOfTheTopic() throws IOException {
        Path log = Files.writeString(
                labDir.resolve("producer-app.out"),
                "2026-11-29T07:35:48.781Z  INFO 1 --- [producer-app] [main] d.l.producer.topic.LabTopicCreation"
                        + "      : Topic lab.orders exists (1 partitions): left as it is\n");

        Tools.Result result = LabShell.run(labDir, Map.of(), "existing_topic_said '" + log + "'");

        assertThat(result.output().strip()).isEqualTo("lab: Topic lab.orders exists (1 partitions): left as it is");
    }
}
