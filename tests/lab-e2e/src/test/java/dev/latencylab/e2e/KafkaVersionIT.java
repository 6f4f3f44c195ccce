package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code scripts/lab up --local --kafka-version V}: the brokers run another Kafka release than the
 * pinned one, built once from Maven; the run's summary names it; a stack of one version refuses to
 * be switched while it runs; a plain {@code up} after {@code down} goes back to the pinned version,
 * deleting the other version's data first.
 */
class KafkaVersionIT {

    /** The last 3.x release: what a user upgrading to 4.x runs today. */
    private static final String OTHER = "3.9.1";

    private static final Duration TIMEOUT = Duration.ofMinutes(8);
    private final Path root =
            Path.of(System.getProperty("lab.root", "../..")).toAbsolutePath().normalize();
    private final Path work = Path.of(System.getProperty("lab.e2e.dir", "target/e2e"))
            .toAbsolutePath()
            .resolve("kafka-version");

    @Test
    void theBrokersRunTheVersionAskedForAndTheSummarySaysWhich() throws Exception {
        Path labDir = work.resolve(".lab");
        LabScript lab = new LabScript(root, work.resolve("logs"), Map.of("LAB_DIR", labDir.toString()));
        String pinned = pinnedVersion();

        LabScript.Result tooOld = lab.run(TIMEOUT, "up", "--local", "--kafka-version", "3.3.2");
        assertThat(tooOld.ok()).isFalse();
        assertThat(tooOld.output()).contains("the quorum tool of Kafka 3.4 on");
        LabScript.Result compose = lab.run(TIMEOUT, "up", "--compose", "--kafka-version", OTHER);
        assertThat(compose.ok()).isFalse();
        assertThat(compose.output()).contains("local mode only");

        try {
            LabScript.Result up = lab.run(TIMEOUT, "up", "--local", "--kafka-version", OTHER);
            assertThat(up.ok()).as(up.describe()).isTrue();
            for (int id = 1; id <= 3; id++) {
                assertThat(lastStartedVersion(labDir, id)).as("kafka-" + id).isEqualTo(OTHER);
                assertThat(commandLine(labDir, "kafka-" + id)).contains("kafka-" + OTHER + "/lib");
            }

            LabScript.Result switched = lab.run(TIMEOUT, "up", "--local", "--kafka-version", pinned);
            assertThat(switched.ok()).isFalse();
            assertThat(switched.output()).contains("the brokers run Kafka " + OTHER);

            Path scenario = work.resolve("one-phase.yaml");
            Files.writeString(
                    scenario,
                    """
                    name: one-phase
                    description: one short phase, to see the brokers' version in the summary
                    defaults:
                      warmup: 1s
                      duration: 4s
                      settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 500, payloadBytes: 400, keyStrategy: order-id}
                    phases:
                      - {name: linger-5, settings: {}}
                    """);
            Path results = work.resolve("results");
            LabScript.Result run = lab.run(
                    TIMEOUT, "run", scenario.toString(), "--stack-warmup", "0s", "--results", results.toString());
            assertThat(run.ok()).as(run.describe()).isTrue();
            JsonNode summary;
            try (Stream<Path> dirs = Files.list(results)) {
                Path dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
                summary = JsonMapper.builder()
                        .build()
                        .readTree(dir.resolve("summary.json").toFile());
            }
            assertThat(summary.path("stack").asString()).endsWith("Kafka " + OTHER + " brokers");
            JsonNode counts = summary.path("phases").path(0).path("counts");
            assertThat(counts.path("lost").asLong(-1)).isZero();
            assertThat(counts.path("acked").asLong(-1))
                    .isPositive()
                    .isEqualTo(counts.path("received").asLong());
        } finally {
            LabScript.Result down = lab.run(TIMEOUT, "down", "--local");
            assertThat(down.ok()).as(down.describe()).isTrue();
        }

        try {
            LabScript.Result back = lab.run(TIMEOUT, "up", "--local", "--no-apps");
            assertThat(back.ok()).as(back.describe()).isTrue();
            assertThat(back.output())
                    .contains("the brokers' data was Kafka " + OTHER + "'s: deleting it for Kafka " + pinned);
            for (int id = 1; id <= 3; id++) {
                assertThat(lastStartedVersion(labDir, id)).as("kafka-" + id).isEqualTo(pinned);
            }
        } finally {
            LabScript.Result down = lab.run(TIMEOUT, "down", "--local");
            assertThat(down.ok()).as(down.describe()).isTrue();
        }
    }

    private String pinnedVersion() throws IOException {
        Matcher m = Pattern.compile("<kafka.version>([^<]+)</kafka.version>")
                .matcher(Files.readString(root.resolve("pom.xml")));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    /** The version the broker's log says it started last (the log is kept across restarts). */
    private static String lastStartedVersion(Path labDir, int id) throws IOException {
        List<String> versions = Pattern.compile("INFO Kafka version: (\\S+)")
                .matcher(Files.readString(labDir.resolve("kafka-" + id + "/logs/server.log")))
                .results()
                .map(r -> r.group(1))
                .toList();
        assertThat(versions).as("kafka-" + id + " logged its version").isNotEmpty();
        return versions.get(versions.size() - 1);
    }

    private static String commandLine(Path labDir, String name) throws IOException {
        String pid = Files.readString(labDir.resolve("pids/" + name + ".pid"))
                .strip()
                .split("\\s+")[0];
        return Files.readString(Path.of("/proc", pid, "cmdline")).replace('\0', ' ');
    }
}
