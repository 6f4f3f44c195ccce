package dev.latencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The runner's logging: a Kafka client's warning reaches standard error, its INFO does not (nor one ERROR that is not one). */
class RunnerLoggingTest {

    @Test
    void aKafkaWarningReachesStandardErrorAndItsInfoDoesNot() {
        String err = standardErrorOf(() -> {
            Logger kafka = LoggerFactory.getLogger("org.apache.kafka.clients.admin.KafkaAdminClient");
            kafka.info("connected to node 1");
            kafka.warn("Authentication failed: SASL handshake refused");
            kafka.error("the admin client gave up");
            LoggerFactory.getLogger("org.apache.kafka.clients.admin.internals.PartitionLeaderStrategy")
                    .error("Received unknown topic error for topic lab.orders.p100");
        });
        assertThat(err)
                .contains("WARN  o.a.k.clients.admin.KafkaAdminClient: Authentication failed: SASL handshake refused")
                .contains("the admin client gave up")
                .doesNotContain("connected to node 1")
                // A new topic the brokers' metadata do not have yet: the runner waits that out itself.
                .doesNotContain("Received unknown topic error");
    }

    @Test
    void aWarningRepeatedEverySecondIsShownThreeTimesAndAnErrorEveryTime() {
        String err = standardErrorOf(() -> {
            // As Kafka's LogContext logs: the client's prefix is part of the pattern.
            Logger network = LoggerFactory.getLogger("org.apache.kafka.clients.NetworkClient");
            for (int i = 0; i < 20; i++) {
                network.warn(
                        "[AdminClient clientId=lab-runner] Connection to node {} ({}) could not be established."
                                + " Node may not be available.",
                        i % 2 + 1,
                        "/127.0.0.1:9093");
            }
            for (int i = 0; i < 5; i++) {
                network.error(
                        "[AdminClient clientId=lab-runner] Connection to node {} ({}) failed authentication due to: {}",
                        1,
                        "/127.0.0.1:9092",
                        "SASL " + i);
            }
        });
        assertThat(err.lines().filter(l -> l.contains("could not be established")))
                .hasSize(3);
        assertThat(err.lines().filter(l -> l.contains("failed authentication due to: SASL")))
                .hasSize(5);
    }

    /** What {@code logging} writes to standard error with the runner's logging configured. */
    private static String standardErrorOf(Runnable logging) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            RunnerLogging.configure();
            logging.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
