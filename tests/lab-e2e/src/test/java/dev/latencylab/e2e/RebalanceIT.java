package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Consumer-app instances leave, join and die mid-phase on the local stack, under the consumer
 * (KIP-848) rebalance protocol: the steps are carried out, the coordinator's view of the group is in
 * the summary, no record is lost, the killed member's uncommitted records are read again, and an
 * instance started again runs its phase's protocol (not the classic default it was started with).
 * One phase: the classic protocol's group description is read by the same code (GroupChurnTest), and
 * each phase costs the test suite two and a half minutes.
 */
class RebalanceIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(12);
    private final Path root =
            Path.of(System.getProperty("lab.root", "../..")).toAbsolutePath().normalize();
    private final Path work = Path.of(System.getProperty("lab.e2e.dir", "target/e2e"))
            .toAbsolutePath()
            .resolve("rebalance");

    @Test
    void membersThatLeaveJoinAndDieMidPhaseLoseNothingAndTheGroupsSideIsReported() throws Exception {
        Path labDir = work.resolve(".lab");
        LabScript lab = new LabScript(root, work.resolve("logs"), Map.of("LAB_DIR", labDir.toString()));
        // The shipped scenario's steps, sooner: a killed member's session (45 s by default in both
        // protocols) must expire inside the window.
        Path scenario = work.resolve("rebalance-short.yaml");
        Files.createDirectories(work);
        String steps =
                """
                    faults:
                      - {at: 5s, stop: consumer-3}
                      - {at: 12s, restart: consumer-3}
                      - {at: 20s, kill: consumer-2}
                      - {at: 26s, restart: consumer-2}
                """;
        Files.writeString(
                scenario,
                """
                name: rebalance-short
                description: one member leaves and joins, another is killed and started, per protocol
                defaults:
                  warmup: 8s
                  duration: 75s
                  topic: {name: 'lab.orders.{phase}', partitions: 6}
                  settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                phases:
                  - name: consumer
                    consumer: {consumerConfig: {group.protocol: consumer}}
                """
                        + steps);
        try {
            LabScript.Result up = lab.run(TIMEOUT, "up", "--local", "--consumers", "3");
            assertThat(up.ok()).as(up.describe()).isTrue();

            Path results = work.resolve("results");
            LabScript.Result run = lab.run(
                    TIMEOUT, "run", scenario.toString(), "--stack-warmup", "0s", "--results", results.toString());
            assertThat(run.ok()).as(run.describe()).isTrue();
            assertThat(run.output())
                    .contains("kill consumer-app 2 at ", "restart consumer-app 3 at ", "consumer-app 2 (restart at ");

            Path dir;
            try (Stream<Path> dirs = Files.list(results)) {
                // This run's: the newest (folders are named by their UTC start), not an earlier run's left in target/.
                dir = dirs.filter(Files::isDirectory)
                        .max(java.util.Comparator.comparing(Path::getFileName))
                        .orElseThrow();
            }
            JsonNode summary = JsonMapper.builder()
                    .build()
                    .readTree(dir.resolve("summary.json").toFile());
            JsonNode phase = summary.path("phases").path(0);
            String name = phase.path("name").asString();
            JsonNode counts = phase.path("counts");
            assertThat(counts.path("lost").asLong(-1)).as(name + " lost").isZero();
            assertThat(counts.path("acked").asLong(-1))
                    .as(name + " acked = received")
                    .isPositive()
                    .isEqualTo(counts.path("received").asLong());
            JsonNode outage = phase.path("outage");
            assertThat(outage.path("steps")).as(name + " steps").hasSize(4);
            for (JsonNode step : outage.path("steps")) {
                assertThat(step.path("error").isNull()).as(name + " " + step).isTrue();
            }
            // What the killed instance held when it died: its uncommitted records are read again.
            JsonNode killed = outage.path("steps").path(2);
            assertThat(killed.path("action").asString()).isEqualTo("kill");
            assertThat(killed.path("held").isArray()).as(name + " " + killed).isTrue();
            if (!killed.path("held").isEmpty()) {
                assertThat(counts.path("redelivered").asLong(-1))
                        .as(name + ": the killed member's uncommitted records are read again")
                        .isPositive();
            }
            JsonNode group = outage.path("group");
            assertThat(group.path("protocols").asString()).as(name).isEqualTo(name);
            // 4 while the killed member's session runs and its restarted instance has joined as a new one.
            assertThat(group.path("membersMax").asInt()).as(name).isBetween(3, 4);
            assertThat(group.path("membersMin").asInt()).as(name).isLessThanOrEqualTo(2);
            assertThat(group.path("membersAfter").asInt()).as(name).isEqualTo(3);
            assertThat(group.path("partitionsMoved").asInt()).as(name).isPositive();
            assertThat(Files.readString(dir.resolve("summary.md")))
                    .contains("## Consumer group changes", "| consumer | consumer |");
            // The instance killed in the consumer phase came back with that phase's protocol.
            assertThat(Files.readString(labDir.resolve("logs/consumer-app-2.out")))
                    .contains("group.protocol=consumer");
        } finally {
            LabScript.Result down = lab.run(TIMEOUT, "down", "--local");
            assertThat(down.ok()).as(down.describe()).isTrue();
        }
    }
}
