package dev.latencylab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.latencylab.api.latency.PartitionLedger;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;

/**
 * consumer-app as its own JVM, so it can be killed the way an OOM killer or `kill -9` does it; stopped
 * by its own process handle.
 */
final class ConsumerProcess implements AutoCloseable {

    private final Process process;
    private final int port;
    private final String topic;

    private ConsumerProcess(Process process, int port, String topic) {
        this.process = process;
        this.port = port;
        this.topic = topic;
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
                "--spring.kafka.consumer.group-id=" + group(topic),
                // A killed member holds its partitions until its session times out: 6 s
                // (the brokers' minimum), not the default 45 s.
                "--spring.kafka.consumer.properties.session.timeout.ms=6000",
                "--lab.consumer.ledger-dir=" + ledgers));
        command.addAll(List.of(extra));
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        ConsumerProcess consumer = new ConsumerProcess(p, port, topic);
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

    /**
     * SIGKILL a second after one of its group's commits, once its ledger shows records processed past
     * that commit: records the next instance must read again. Killed at any moment instead, it may die
     * just after a commit with nothing processed since (the load stalled on this 2-core machine), and a
     * redelivery count of 0 would say nothing about the accounting.
     */
    void killBetweenCommits(Admin admin) throws Exception {
        Map<TopicPartition, Long> before = committed(admin);
        await("a commit of " + group(topic))
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> !committed(admin).equals(before));
        // The commit interval is 5 s (ack-time): a second after one, the next is far away.
        Thread.sleep(1_000);
        Map<Integer, Long> processed = PhaseChecks.latency(http()).ledger(topic).partitions().stream()
                .collect(Collectors.toMap(PartitionLedger::partition, PartitionLedger::highestOffset));
        kill();
        Map<TopicPartition, Long> last = committed(admin);
        assertThat(last.entrySet())
                .as(
                        "a partition the killed instance processed past its last commit %s (processed: %s)",
                        last, processed)
                .anyMatch(e -> processed.getOrDefault(e.getKey().partition(), -1L) >= e.getValue());
    }

    private Map<TopicPartition, Long> committed(Admin admin) throws Exception {
        return admin.listConsumerGroupOffsets(group(topic)).partitionsToOffsetAndMetadata().get().entrySet().stream()
                .filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }

    private static String group(String topic) {
        return "lab-it-" + topic;
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
