package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * docker-compose.yml started for real, as a user without Docker runs it: {@code scripts/lab up --compose}
 * (with no Docker engine, the lab starts podman's Docker-compatible service, builds stand-in base images
 * from Debian's and Maven Central's packages and runs the containers' healthchecks; Grafana is left out),
 * a short linger sweep through the runner with the same checks as the Docker-less run (every figure, exact
 * counts, every dashboard panel with data, snapshots), Kafka's admin tool run inside a broker container,
 * then {@code scripts/lab down --purge} with a local stack's pid folder present, and nothing left:
 * containers, network, volumes, the podman service, the healthcheck loop.
 *
 * <p>On the contract's fixed ports, like {@link LingerSweepIT}: never beside another lab stack.
 */
class ComposeSweepIT {

    private static final Duration UP_TIMEOUT = Duration.ofMinutes(20);
    private static final Duration SWEEP_TIMEOUT = Duration.ofMinutes(12);
    private static final Duration SHORT = Duration.ofMinutes(2);
    private static final Duration DOWN_TIMEOUT = Duration.ofMinutes(4);
    private static final String PROJECT = "kafka-latency-lab";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path root =
            Path.of(System.getProperty("lab.root", "../..")).toAbsolutePath().normalize();
    private final Path work = Path.of(System.getProperty("lab.e2e.dir", "target/e2e"))
            .resolveSibling("compose")
            .toAbsolutePath()
            .normalize();
    private final Path labDir = work.resolve(".lab");
    private final Path resultsRoot = work.resolve("results");

    @Test
    void composeUpSweepAndDownOnARealEngineLeaveFullResultsAndNothingRunning() throws Exception {
        LabScript lab = new LabScript(
                root, work.resolve("logs"), Map.of("LAB_DIR", labDir.toString(), "LAB_UP_TIMEOUT", "240"));
        SweepAssertions.deleteTree(labDir, work);
        SweepAssertions.deleteTree(resultsRoot, work);
        Files.createDirectories(resultsRoot);
        // A local stack ran here before (its pid folder stays after 'down'): 'down' must still stop compose.
        Files.createDirectories(labDir.resolve("pids"));
        Throwable failure = null;
        try {
            LabScript.Result up = lab.run(UP_TIMEOUT, "up", "--compose");
            assertThat(up.ok()).as(up.describe()).isTrue();
            assertThat(up.output()).contains("compose stack healthy");

            // What every Kafka user types: an admin tool inside a broker container (no second JMX agent).
            LabScript.Result topics = lab.run(
                    SHORT,
                    "compose",
                    "exec",
                    "-T",
                    "kafka-1",
                    "/opt/kafka/bin/kafka-topics.sh",
                    "--bootstrap-server",
                    "kafka-1:19092",
                    "--list");
            assertThat(topics.ok()).as(topics.describe()).isTrue();
            assertThat(topics.output()).as(topics.describe()).contains("lab.orders");

            // The brokers run with .env's JVM options (the Docker-less mode's) and the exporter agent.
            LabScript.Result cmdline = lab.run(SHORT, "compose", "exec", "-T", "kafka-2", "cat", "/proc/1/cmdline");
            assertThat(cmdline.ok()).as(cmdline.describe()).isTrue();
            String brokerJvm = cmdline.output().replace('\0', ' ');
            assertThat(brokerJvm)
                    .as("the broker's command line")
                    .contains(envValue("KAFKA_HEAP_OPTS"))
                    .contains(envValue("KAFKA_JVM_PERFORMANCE_OPTS"))
                    .contains("-javaagent:/opt/jmx/jmx_prometheus_javaagent.jar=7071")
                    .contains("kafka.Kafka");

            LabScript.Result sweep = SweepAssertions.shortSweep(lab, SWEEP_TIMEOUT, resultsRoot);
            assertThat(sweep.ok()).as(sweep.describe()).isTrue();

            Path results = SweepAssertions.onlyResultsFolder(resultsRoot);
            JsonNode summary = JSON.readTree(results.resolve("summary.json").toFile());
            System.out.println("lab-e2e (compose): asserting on " + results.resolve("summary.md") + ":\n"
                    + Files.readString(results.resolve("summary.md")));
            assertThat(summary.path("stack").asString(""))
                    .as("summary.json stack")
                    .startsWith("docker-compose.yml on ");
            assertThat(Files.readString(results.resolve("summary.md"))).contains("Stack: docker-compose.yml on ");
            SweepAssertions.assertSweep(summary, results);
            SweepAssertions.everyPanelHasData(
                    lab,
                    results,
                    Instant.parse(summary.path("startedAt").asString("")),
                    Instant.parse(summary.path("endedAt").asString("")));
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            try {
                LabScript.Result down = lab.run(DOWN_TIMEOUT, "down", "--purge");
                assertNothingLeft(down);
            } catch (Throwable t) {
                if (failure == null) {
                    throw t;
                }
                failure.addSuppressed(t);
            }
        }
    }

    private void assertNothingLeft(LabScript.Result down) throws IOException {
        assertThat(down.ok()).as(down.describe()).isTrue();
        Path engine = labDir.resolve("engine");
        for (String pidFile : List.of("podman.pid", "healthchecks.pid")) {
            assertThat(engine.resolve(pidFile)).as(pidFile + " after down").doesNotExist();
        }
        await("the lab's podman service and healthcheck loop to be gone")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(LabProcesses.matching(
                                c -> c.contains("podman system service") && c.contains(labDir.toString())))
                        .isEmpty());
        if (onPath("podman")) {
            // podman reads its storage directly: no service needed to list what is left.
            assertThat(podman(
                            "ps",
                            "-a",
                            "--filter",
                            "label=com.docker.compose.project=" + PROJECT,
                            "--format",
                            "{{.Names}}"))
                    .as("containers left")
                    .isBlank();
            assertThat(podman("network", "ls", "--format", "{{.Name}}"))
                    .as("networks left")
                    .doesNotContain(PROJECT);
            assertThat(podman("volume", "ls", "--format", "{{.Name}}"))
                    .as("volumes left after down --purge")
                    .doesNotContain(PROJECT);
        }
        if (onPath("iptables")) {
            // podman's CNI plugins leave their firewall rules behind when a network is removed.
            java.util.regex.Matcher bridges =
                    java.util.regex.Pattern.compile("cni-podman[1-9][0-9]*").matcher(command("iptables", "-S"));
            while (bridges.find()) {
                assertThat(Path.of("/sys/class/net", bridges.group()))
                        .as("the bridge a firewall rule left after down names")
                        .exists();
            }
        }
    }

    private String envValue(String name) throws IOException {
        return Files.readAllLines(root.resolve(".env")).stream()
                .filter(l -> l.startsWith(name + "="))
                .map(l -> l.substring(name.length() + 1))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no " + name + " in .env"));
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }

    private static String podman(String... args) throws IOException {
        return command("podman", args);
    }

    private static String command(String program, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(program));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(program + " " + String.join(" ", args) + " did not answer in 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue())
                .as("%s %s: %s", program, String.join(" ", args), out)
                .isZero();
        return out.strip();
    }
}
