package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * scripts/lab up --compose when compose fails half-way (scripts/lib/compose.sh): what this 'up' started is taken
 * down again and the message says which port and service failed; a port the file publishes that something else
 * holds is named before anything starts. No engine runs here: docker, docker-compose, podman and runc are
 * stand-ins on PATH that record their calls (docker-compose's 'up' fails the way 1.29 does on a taken port).
 */
class ComposeUpFailureTest {

    private static final String SERVICES = "kafka-1 kafka-2 kafka-3 producer-app consumer-app prometheus grafana";

    private FakeHost host;
    private Path dir;
    private ServerSocket taken;

    @BeforeEach
    void fakeHost() throws IOException {
        host = new FakeHost("compose-up");
        dir = host.dir;
        Files.createDirectories(dir.resolve("lab"));
        host.stub(
                "docker",
                host.recordCall("docker")
                        // The engine answers once it is there (on a Docker host from the start).
                        + "case $1 in info) [[ -e " + host.at("engine-answers") + " ]] ;; *) exit 1 ;; esac\n");
        host.stub(
                "docker-compose",
                host.recordCall("docker-compose")
                        + "case $1 in\n"
                        + "  config) printf '%s\\n' " + SERVICES + " ;;\n"
                        + "  ps) cat " + host.at("running") + " 2>/dev/null || true ;;\n"
                        + "  up)\n"
                        + "    echo 'Creating kafka-latency-lab_prometheus_1 ... error' >&2\n"
                        + "    echo 'ERROR: for prometheus  Cannot start service prometheus: driver failed programming external"
                        + " connectivity on endpoint kafka-latency-lab_prometheus_1 (0a1b): Bind for 127.0.0.1:9090 failed:"
                        + " port is already allocated' >&2\n"
                        + "    echo 'ERROR: Encountered errors while bringing up the project.' >&2\n"
                        + "    exit 1 ;;\n"
                        + "esac\n");
        host.stub(
                "podman",
                host.recordCall("podman")
                        + "case \"$1 $2\" in\n"
                        // Not exec: the service keeps the command line the lab recorded, which it checks before a
                        // signal; the sleep goes with it.
                        + "  'system service') touch " + host.at("engine-answers")
                        + "; sleep 60 & trap 'kill $!; exit 0' TERM; wait; exit 0 ;;\n"
                        + "esac\n"
                        + "exit 0\n");
        host.stub("runc", "exit 0\n");
    }

    @AfterEach
    void stopWhatIsLeft() throws IOException {
        for (String name : List.of("podman.pid", "healthchecks.pid")) {
            Path file = dir.resolve(name);
            if (Files.exists(file) && !gone(name)) {
                ProcessHandle.of(Long.parseLong(Files.readString(file).split(" ")[0]))
                        .ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        if (taken != null) {
            taken.close();
        }
    }

    @Test
    void aFailedUpTakesDownTheProjectItStartedAndNamesThePortAndService() throws IOException {
        Files.writeString(dir.resolve("engine-answers"), "");

        Tools.Result result = composeUp(true);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output())
                .contains("compose up failed: port 9090 (compose service prometheus) is taken: ERROR: for prometheus")
                .contains("taking down what this 'up' started: compose down");
        assertThat(host.calls()).contains("docker-compose down").noneMatch(c -> c.startsWith("docker-compose rm"));
        assertThat(host.calls().indexOf("docker-compose down"))
                .isGreaterThan(host.firstCall("docker-compose up -d --build kafka-1"));
    }

    @Test
    void servicesThatRanBeforeTheFailedUpStay() throws IOException {
        Files.writeString(dir.resolve("engine-answers"), "");
        Files.writeString(dir.resolve("running"), "kafka-1\nkafka-2\nkafka-3\n");

        Tools.Result result = composeUp(true);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(host.calls())
                .contains("docker-compose rm --force --stop producer-app consumer-app prometheus grafana")
                .doesNotContain("docker-compose down");
    }

    @Test
    void aPodmanEngineTheFailedUpStartedIsStoppedWithTheProject() throws IOException {
        Tools.Result result = composeUp(true);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(host.calls()).contains("docker-compose down").anyMatch(c -> c.startsWith("podman system service"));
        assertThat(result.output())
                .contains("compose up failed: port 9090 (compose service prometheus)")
                .contains("stopped what this 'up' started of the lab's podman engine: podman healthchecks");
        assertThat(gone("podman.pid")).as("the podman service").isTrue();
        assertThat(gone("healthchecks.pid")).as("the healthcheck loop").isTrue();
        assertThat(dir.resolve("lab/engine/podman.pid")).doesNotExist();
        assertThat(dir.resolve("lab/engine/healthchecks.pid")).doesNotExist();
    }

    @Test
    void aPublishedPortSomethingElseHoldsIsNamedBeforeAnythingStarts() throws IOException {
        Files.writeString(dir.resolve("engine-answers"), "");
        List<String[]> ports = publishedPorts();
        String[] first = ports.get(0);
        // The first port the file publishes is taken by this test itself: a holder that does not accept
        // connections (a container engine's port reservation, say) or one that goes away meanwhile would make
        // the test depend on something it does not control.
        int port = Integer.parseInt(first[1]);
        taken = await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> bindIfFree(port), Optional::isPresent)
                .orElseThrow();

        Tools.Result result = composeUp(false);

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output())
                .contains("port " + port + " (for compose service " + first[0] + ") is already in use");
        assertThat(host.calls())
                .noneMatch(c -> c.startsWith("docker-compose up"))
                .noneMatch(c -> c.startsWith("docker-compose down"))
                .noneMatch(c -> c.startsWith("podman"));
    }

    @Test
    void thePortsTheScriptReadsAreThePortsTheFilePublishes() {
        Tools.Result result = LabShell.run(dir.resolve("lab"), Map.of(), "compose_published_ports");

        assertThat(result.ok()).as(result.describe()).isTrue();
        List<String> expected = new ArrayList<>();
        publishedPorts().forEach(p -> expected.add(p[0] + " " + p[1]));
        assertThat(result.output().lines().toList()).isEqualTo(expected).hasSize(10);
    }

    /** [service, host port] for each "127.0.0.1:HOST:CONTAINER" of docker-compose.yml, in the file's order. */
    private static List<String[]> publishedPorts() {
        JsonNode services = YAMLMapper.builder()
                .build()
                .readTree(Repo.path("docker-compose.yml").toFile())
                .path("services");
        List<String[]> ports = new ArrayList<>();
        services.properties().forEach(s -> s.getValue().path("ports").forEach(p -> {
            String[] parts = p.asString().split(":");
            assertThat(parts).as("%s publishes %s on 127.0.0.1", s.getKey(), p).hasSize(3);
            assertThat(parts[0]).isEqualTo("127.0.0.1");
            ports.add(new String[] {s.getKey(), parts[1]});
        }));
        return ports;
    }

    private static Optional<ServerSocket> bindIfFree(int port) {
        try {
            ServerSocket s = new ServerSocket();
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return Optional.of(s);
        } catch (IOException alreadyTaken) {
            return Optional.empty();
        }
    }

    private Tools.Result composeUp(boolean portsFree) {
        // The host's own ports are not this test's business unless it takes one itself.
        String script = (portsFree ? "port_open() { return 1; }; " : "")
                // A copy of each pid file the engine's start writes: the processes to look for afterwards.
                + "eval \"original_$(declare -f record_pid)\";"
                + " record_pid() { original_record_pid \"$@\" && cp \"$1\" " + host.at("") + "; };"
                + " compose_up ''";
        return LabShell.run(dir.resolve("lab"), Map.of("PATH", host.path(), "LAB_HEALTHCHECK_FAST", "0.2"), script);
    }

    /**
     * Whether the process of a copied pid file ("<pid> <start time>", then its command) has ended (or its pid is
     * another's now).
     */
    private boolean gone(String file) throws IOException {
        String[] recorded = Files.readString(dir.resolve(file))
                .lines()
                .findFirst()
                .orElse("")
                .split(" ");
        try {
            return !Procs.startTime(Long.parseLong(recorded[0])).equals(recorded[1]);
        } catch (IOException noSuchProcess) {
            return true;
        }
    }
}
