package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 'up --bootstrap ... --prometheus URL [--broker-selector MATCHERS]': the user's Prometheus is checked and
 * remembered, and run/sweep/ramp pass it to the runner as --broker-prometheus (and --broker-selector), where the
 * runner reads the broker figures.
 */
class ExistingClusterPrometheusTest {

    private Path labDir;

    @BeforeEach
    void labDir() throws IOException {
        labDir = Files.createDirectories(Repo.buildDir().resolve("existing-prometheus-" + System.nanoTime()));
    }

    @Test
    void theRememberedPrometheusGoesToTheRunner() throws IOException {
        Files.writeString(labDir.resolve("bootstrap"), "broker.example:9092\n");
        Files.writeString(labDir.resolve("broker-prometheus"), "https://prometheus.example/prom\n");
        Files.writeString(labDir.resolve("broker-selector"), "job=\"kafka\"\n");

        Tools.Result result = LabShell.run(labDir, Map.of(), "existing_runner_args run x.yaml");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output().strip().lines())
                .containsExactly(
                        "--bootstrap",
                        "broker.example:9092",
                        "--broker-prometheus",
                        "https://prometheus.example/prom",
                        "--broker-selector",
                        "job=\"kafka\"");
    }

    @Test
    void aPrometheusGivenToTheRunWinsOverTheRememberedOne() throws IOException {
        Files.writeString(labDir.resolve("bootstrap"), "broker.example:9092\n");
        Files.writeString(labDir.resolve("broker-prometheus"), "https://prometheus.example/prom\n");
        Files.writeString(labDir.resolve("broker-selector"), "job=\"kafka\"\n");

        Tools.Result result =
                LabShell.run(labDir, Map.of(), "existing_runner_args run x.yaml --broker-prometheus http://other:9090");

        assertThat(result.output().strip().lines()).containsExactly("--bootstrap", "broker.example:9092");
    }

    @Test
    void aPrometheusThatAnswersIsRemembered() throws IOException {
        List<String> asked = new CopyOnWriteArrayList<>();
        HttpServer prometheus = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        prometheus.createContext("/", ex -> {
            asked.add(ex.getRequestURI().toString());
            byte[] body = "{\"status\":\"success\",\"data\":{\"resultType\":\"scalar\",\"result\":[0,\"1\"]}}"
                    .getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        prometheus.start();
        try {
            String url = "http://127.0.0.1:" + prometheus.getAddress().getPort() + "/";
            Tools.Result result = LabShell.run(
                    labDir, Map.of(), "use_existing_cluster broker.example:9092 '' '" + url + "' 'job=\"kafka\"'");

            assertThat(result.ok()).as(result.describe()).isTrue();
            assertThat(asked).containsExactly("/api/v1/query?query=1");
            assertThat(Files.readString(labDir.resolve("broker-prometheus"))).isEqualTo(url + "\n");
            assertThat(Files.readString(labDir.resolve("broker-selector"))).isEqualTo("job=\"kafka\"\n");
        } finally {
            prometheus.stop(0);
        }
    }

    @Test
    void aPrometheusThatDoesNotAnswerIsRefusedWithItsUrl() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }

        Tools.Result result = LabShell.run(labDir, Map.of(), "check_broker_prometheus http://127.0.0.1:" + port);

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
        assertThat(result.output())
                .contains("--prometheus: no Prometheus answers at http://127.0.0.1:" + port)
                .contains("/api/v1/query?query=1");
    }

    @Test
    void onlyAnHttpUrlWithoutAUserIsTaken() {
        for (String bad : List.of("ftp://host/", "host:9090", "http://user:secret@host:9090", "http://host/?q=1", "")) {
            Tools.Result result = LabShell.run(labDir, Map.of(), "check_broker_prometheus '" + bad + "'");

            assertThat(result.exitCode()).as(bad + "\n" + result.describe()).isEqualTo(2);
            assertThat(result.output()).contains("--prometheus must be http(s)://host[:port][/path]");
        }
    }

    @Test
    void aSelectorWithoutThePrometheusIsRefused() {
        Tools.Result result =
                LabShell.run(labDir, Map.of(), "use_existing_cluster broker.example:9092 '' '' 'job=\"kafka\"'");

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(2);
        assertThat(result.output()).contains("--broker-selector goes with --prometheus");
        assertThat(labDir.resolve("bootstrap")).doesNotExist();
    }
}
