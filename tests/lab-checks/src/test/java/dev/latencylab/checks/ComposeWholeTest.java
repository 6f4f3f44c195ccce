package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 'scripts/lab run' uses a compose stack as it is only when it runs whole (compose_whole): every service 'up'
 * starts is running; a one-shot service that has done its job (grafana-init) is not missed. Otherwise 'up' runs,
 * rebuilding and starting what is missing. docker and docker-compose are stand-ins on PATH.
 */
class ComposeWholeTest {

    private static final String SERVICES =
            "kafka-1 kafka-2 kafka-3 producer-app consumer-app prometheus grafana-init grafana";

    private FakeHost host;

    @BeforeEach
    void fakeHost() throws IOException {
        host = new FakeHost("compose-whole");
        Files.createDirectories(host.dir.resolve("lab"));
        host.stub("docker", "case $1 in info) [[ -e " + host.at("engine-answers") + " ]] ;; *) exit 1 ;; esac\n");
        host.stub(
                "docker-compose",
                "echo \"$1\" >> " + host.at("calls") + "\n"
                        + "case $1 in\n"
                        + "  config) printf '%s\\n' " + SERVICES + " ;;\n"
                        + "  ps) cat " + host.at("running") + " 2>/dev/null || true ;;\n"
                        + "esac\n");
    }

    @Test
    void everyServiceButTheOneShotRunningIsWhole() throws IOException {
        Files.writeString(host.dir.resolve("engine-answers"), "");
        Files.writeString(
                host.dir.resolve("running"),
                "prometheus\nkafka-1\nkafka-2\nkafka-3\nproducer-app\nconsumer-app\ngrafana\n");

        assertThat(verdict()).isEqualTo("whole");
    }

    @Test
    void aServiceNotRunningLeavesAPart() throws IOException {
        Files.writeString(host.dir.resolve("engine-answers"), "");
        Files.writeString(
                host.dir.resolve("running"), "kafka-1\nkafka-2\nkafka-3\nproducer-app\nprometheus\ngrafana\n");

        assertThat(verdict()).isEqualTo("partial");
    }

    @Test
    void noEngineIsNoStack() throws IOException {
        Files.writeString(
                host.dir.resolve("running"),
                "prometheus\nkafka-1\nkafka-2\nkafka-3\nproducer-app\nconsumer-app\ngrafana\n");

        assertThat(verdict()).isEqualTo("partial");
    }

    @Test
    void askedTwiceInOneCommandTheEngineIsAskedOnce() throws IOException {
        // 'run' asks before it validates the file and again before the stack.
        Files.writeString(host.dir.resolve("engine-answers"), "");
        Files.writeString(
                host.dir.resolve("running"),
                "prometheus\nkafka-1\nkafka-2\nkafka-3\nproducer-app\nconsumer-app\ngrafana\n");

        Tools.Result result = LabShell.run(
                host.dir.resolve("lab"),
                Map.of("PATH", host.path()),
                "compose_whole_once && compose_whole_once && echo whole");

        assertThat(result.output().strip()).as(result.describe()).isEqualTo("whole");
        assertThat(Files.readAllLines(host.dir.resolve("calls"))).containsExactly("ps", "config");
    }

    private String verdict() {
        Tools.Result result = LabShell.run(
                host.dir.resolve("lab"),
                Map.of("PATH", host.path()),
                "if compose_whole; then echo whole; else echo partial; fi");
        assertThat(result.ok()).as(result.describe()).isTrue();
        return result.output().strip();
    }
}
