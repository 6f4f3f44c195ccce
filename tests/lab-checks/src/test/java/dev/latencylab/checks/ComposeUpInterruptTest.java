package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab up --compose interrupted while the stack starts (scripts/lib/compose.sh): a SIGTERM or a Ctrl-C
 * (SIGINT) takes down what this 'up' started, as a failure does, stops the 'compose up' it waits on, and exits
 * 143 or 130; services that ran before it stay. No engine runs here: docker and docker-compose are stand-ins on
 * PATH that record their calls, and docker-compose's 'up' blocks (a sleep) until it is stopped.
 */
class ComposeUpInterruptTest {

    private static final String SERVICES = "kafka-1 kafka-2 kafka-3 producer-app consumer-app prometheus grafana";

    private FakeHost host;
    private Path dir;
    private Process up;

    @BeforeEach
    void fakeDockerHost() throws IOException {
        host = new FakeHost("compose-interrupt");
        dir = host.dir;
        // An engine answers; no compose plugin: docker-compose (v1) it is.
        host.stub("docker", host.recordCall("docker") + "[[ $1 == info ]]\n");
        host.stub(
                "docker-compose",
                host.recordCall("docker-compose")
                        + "case $1 in\n"
                        + "  config) printf '%s\\n' " + SERVICES + " ;;\n"
                        + "  ps) cat " + host.at("running") + " 2>/dev/null || true ;;\n"
                        // The pid stays the sleep's: the test looks for it afterwards.
                        + "  up) echo $$ >" + host.at("up.pid") + "; exec sleep 60 ;;\n"
                        + "esac\n");
    }

    @AfterEach
    void stopWhatIsLeft() throws IOException {
        if (up != null) {
            up.destroyForcibly();
        }
        upProcess().ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    void aSigtermWhileTheStackStartsTakesDownWhatThisUpStartedAndExits143() throws Exception {
        startUp();

        up.destroy(); // SIGTERM, to the shell running compose_up alone

        assertThat(up.waitFor(15, TimeUnit.SECONDS)).as("up ended at once").isTrue();
        assertThat(up.exitValue()).as(output()).isEqualTo(143);
        assertThat(output())
                .contains("interrupted (SIGTERM)")
                .contains("taking down what this 'up' started: compose down");
        assertThat(host.calls().indexOf("docker-compose down"))
                .isGreaterThan(host.firstCall("docker-compose up -d --build kafka-1"));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(upProcess())
                .as("the 'compose up' it waited on")
                .isEmpty());
    }

    @Test
    void aCtrlCWhileTheStackStartsTakesDownWhatThisUpStartedAndExits130() throws Exception {
        assumeThat(ignoresSigint(ProcessHandle.current().pid()))
                .as("a shell started with SIGINT ignored cannot trap it: this JVM ignores it")
                .isFalse();
        startUp();

        Tools.Result kill = Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("kill", "-INT", "" + up.pid()));

        assertThat(kill.ok()).as(kill.describe()).isTrue();
        assertThat(up.waitFor(15, TimeUnit.SECONDS)).as("up ended at once").isTrue();
        assertThat(up.exitValue()).as(output()).isEqualTo(130);
        assertThat(output()).contains("interrupted (SIGINT)");
        assertThat(host.calls().indexOf("docker-compose down"))
                .isGreaterThan(host.firstCall("docker-compose up -d --build kafka-1"));
    }

    @Test
    void servicesThatRanBeforeTheInterruptedUpStay() throws Exception {
        Files.writeString(dir.resolve("running"), "kafka-1\nkafka-2\nkafka-3\n");
        startUp();

        up.destroy();

        assertThat(up.waitFor(15, TimeUnit.SECONDS)).as("up ended at once").isTrue();
        assertThat(up.exitValue()).as(output()).isEqualTo(143);
        assertThat(host.calls())
                .contains("docker-compose rm --force --stop producer-app consumer-app prometheus grafana")
                .doesNotContain("docker-compose down");
    }

    /** compose_up started, and waiting on its 'compose up'. */
    private void startUp() throws Exception {
        // The host's own ports are not this test's business.
        up = LabShell.start(
                dir.resolve("lab"),
                Map.of("PATH", host.path()),
                "port_open() { return 1; }; compose_up ''",
                dir.resolve("output"));
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> upProcess().isPresent() || !up.isAlive());
        assertThat(up.isAlive())
                .as("compose_up waits on 'compose up': %s", output())
                .isTrue();
    }

    /** The stand-in's 'compose up' (a sleep) while it runs. */
    private Optional<ProcessHandle> upProcess() throws IOException {
        Path pid = dir.resolve("up.pid");
        if (!Files.exists(pid) || Files.readString(pid).isBlank()) {
            return Optional.empty();
        }
        return ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())).filter(ProcessHandle::isAlive);
    }

    /** Whether SIGINT (2) is among the signals process {@code pid} ignores (SigIgn of /proc/PID/status). */
    private static boolean ignoresSigint(long pid) throws IOException {
        String mask = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("SigIgn:"))
                .map(l -> l.substring("SigIgn:".length()).strip())
                .findFirst()
                .orElseThrow();
        return new BigInteger(mask, 16).testBit(1);
    }

    private String output() throws IOException {
        return Files.readString(dir.resolve("output"));
    }
}
