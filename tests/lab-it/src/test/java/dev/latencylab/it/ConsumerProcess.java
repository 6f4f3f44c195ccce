package dev.latencylab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * consumer-app as its own JVM, so it can be killed the way an OOM killer or `kill -9` does it; stopped
 * by its own process handle.
 */
final class ConsumerProcess implements AutoCloseable {

    private final Process process;
    private final int port;

    private ConsumerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static ConsumerProcess start(String bootstrapServers, String topic, Path ledgers, String... extra)
            throws IOException {
        String jar = System.getProperty("consumer.exec.jar");
        assertThat(jar)
                .as("system property consumer.exec.jar (set by lab-it's pom)")
                .isNotBlank();
        int port = freePort();
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = Path.of("target", "consumer-" + topic + "-" + port + ".log");
        List<String> command = new ArrayList<>(List.of(
                java,
                "-Xmx256m",
                "-jar",
                jar,
                "--server.port=" + port,
                "--spring.kafka.bootstrap-servers=" + bootstrapServers,
                "--lab.consumer.topics=" + Pattern.quote(topic),
                "--spring.kafka.consumer.group-id=lab-it-" + topic,
                // A killed member holds its partitions until its session times out: 6 s
                // (the brokers' minimum), not the default 45 s.
                "--spring.kafka.consumer.properties.session.timeout.ms=6000",
                "--lab.consumer.ledger-dir=" + ledgers));
        command.addAll(List.of(extra));
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        ConsumerProcess consumer = new ConsumerProcess(p, port);
        await("consumer-app process up (log: " + log + ")")
                .atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> consumer.http().get("/actuator/health").status() == 200);
        return consumer;
    }

    LabHttp http() {
        return new LabHttp(port);
    }

    /** SIGKILL: no shutdown hook, no final commit, no goodbye to the group. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(137);
    }

    /** SIGSTOP: the process holds everything it has and does nothing, as in a long GC pause. */
    void suspend() throws IOException, InterruptedException {
        signal("-STOP");
    }

    /** SIGCONT after {@link #suspend}. */
    void resume() throws IOException, InterruptedException {
        signal("-CONT");
    }

    private void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                .inheritIO()
                .start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as("kill " + signal).isZero();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            try {
                resume(); // a suspended process would not hear the SIGTERM
            } catch (IOException | AssertionError e) {
                // gone meanwhile: destroy() below has nothing to do
            }
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
