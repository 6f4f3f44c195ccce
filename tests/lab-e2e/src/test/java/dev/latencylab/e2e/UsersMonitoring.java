package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A user's own monitoring of their cluster, as the lab meets it with {@code --prometheus URL}: the JMX
 * exporter agent, with the lab's rules (the common rule sets' names), serving this JVM's brokers (Kafka's test
 * kit) on a port of its own, and a real Prometheus, not the lab's, scraping it as job "kafka" on another.
 * Stopped by its pid; the exporter's server lives as long as this JVM.
 */
final class UsersMonitoring implements AutoCloseable {

    private static final Path AGENT = Path.of("target/jmx-agent/jmx_prometheus_javaagent.jar");

    private final Process prometheus;
    private final int prometheusPort;

    private UsersMonitoring(Process prometheus, int prometheusPort) {
        this.prometheus = prometheus;
        this.prometheusPort = prometheusPort;
    }

    static UsersMonitoring start(Path root, Path work) throws Exception {
        int exporterPort = freePort();
        URLClassLoader agent = new URLClassLoader(
                new URL[] {AGENT.toAbsolutePath().toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        agent.loadClass("io.prometheus.jmx.JavaAgent")
                .getMethod("premain", String.class, java.lang.instrument.Instrumentation.class)
                .invoke(
                        null,
                        "127.0.0.1:" + exporterPort + ":" + root.resolve("observability/jmx-exporter/kafka-broker.yml"),
                        null);
        int port = freePort();
        Path dir = work.resolve("users-prometheus");
        Files.createDirectories(dir);
        Path config = Files.writeString(
                dir.resolve("prometheus.yml"),
                """
                global: {scrape_interval: 2s, evaluation_interval: 2s}
                scrape_configs:
                  - job_name: kafka
                    static_configs: [{targets: ['127.0.0.1:%d']}]
                """
                        .formatted(exporterPort));
        Process p = new ProcessBuilder(
                        "prometheus",
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + dir.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("prometheus.out").toFile())
                .start();
        UsersMonitoring monitoring = new UsersMonitoring(p, port);
        HttpClient http = HttpClient.newHttpClient();
        await("the user's Prometheus to scrape their brokers")
                .atMost(Duration.ofMinutes(1))
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> {
                    assertThat(p.isAlive())
                            .as("prometheus (see %s)", dir.resolve("prometheus.out"))
                            .isTrue();
                    String answer = http.send(
                                    HttpRequest.newBuilder(
                                                    URI.create(
                                                            monitoring.url()
                                                                    + "/api/v1/query?query=kafka_server_brokertopicmetrics_messagesin_total"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body();
                    assertThat(answer).contains("\"result\":[{");
                });
        return monitoring;
    }

    String url() {
        return "http://127.0.0.1:" + prometheusPort;
    }

    @Override
    public void close() throws InterruptedException {
        prometheus.destroy();
        if (!prometheus.waitFor(20, TimeUnit.SECONDS)) {
            prometheus.destroyForcibly();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static List<String> args(UsersMonitoring m) {
        return List.of("--prometheus", m.url(), "--broker-selector", "job=\"kafka\"");
    }
}
