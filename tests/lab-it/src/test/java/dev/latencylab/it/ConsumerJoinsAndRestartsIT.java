package dev.latencylab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import tools.jackson.databind.JsonNode;

/**
 * The world a user's consumer lives in: it joins while records already flow, and it restarts
 * under load (group offsets, partitions positioned at slightly different points of the stream).
 * Neither may invent a loss: every gap must be a record the consumer could not have read.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ConsumerJoinsAndRestartsIT {

    private static final int PARTITIONS = 3;
    /** A rate at which partitions fill at distinct moments, as in the reported 2,000/s case. */
    private static final String LOAD = "{\"rate\": 2000, \"running\": true}";

    private KafkaCluster cluster;
    private ConfigurableApplicationContext producer;
    private LabHttp producerHttp;

    @BeforeAll
    void startCluster() throws Exception {
        cluster = KafkaCluster.start();
    }

    @AfterAll
    void stop() throws Exception {
        if (producer != null) {
            producer.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aConsumerStartedAfterTheLoadAndRestartedUnderItInventsNoLoss() throws Exception {
        String topic = "lab.orders.late";
        cluster.createTopic(topic, PARTITIONS);
        producer = LabApps.startProducer(cluster.bootstrapServers(), topic, PARTITIONS);
        producerHttp = new LabHttp(LabApps.port(producer));
        assertThat(producerHttp.post("/actuator/producer", LOAD).status()).isEqualTo(200);
        await("load flowing").atMost(Duration.ofSeconds(30)).until(() -> sent() > 4_000);

        // Joins late: auto.offset.reset=latest positions each partition when it is first fetched.
        ConfigurableApplicationContext first = LabApps.startConsumer(cluster.bootstrapServers(), topic, PARTITIONS);
        LabHttp firstHttp = new LabHttp(LabApps.port(first));
        assertThat(first.getBean(KafkaListenerEndpointRegistry.class)
                        .getListenerContainer("lab-latency")
                        .getContainerProperties()
                        .isSyncCommits())
                .as("offsets are committed asynchronously, off the listener thread")
                .isFalse();
        long atJoin = sent();
        await("records read after joining")
                .atMost(Duration.ofSeconds(30))
                .until(() -> totals(firstHttp).path("received").asLong() > 10_000);
        // A gap becomes a loss only after the grace period (10 s): hold the load for longer than
        // that and check no loss is declared at any point.
        await("no loss declared for longer than the grace period")
                .during(Duration.ofSeconds(12))
                .atMost(Duration.ofSeconds(15))
                .until(() -> totals(firstHttp).path("lost").asLong() == 0);
        JsonNode joined = firstHttp.get("/actuator/latency").json();

        // Restarts under load: the new instance resumes from the group's committed offsets.
        first.close();
        long stoppedAt = sent();
        ConfigurableApplicationContext second = LabApps.startConsumer(cluster.bootstrapServers(), topic, PARTITIONS);
        LabHttp secondHttp = new LabHttp(LabApps.port(second));
        try {
            await("records read after restarting")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> totals(secondHttp).path("received").asLong() > 10_000);
            long lastSequence = stopLoadAndDrain();
            JsonNode afterRestart = awaitCaughtUp(secondHttp, lastSequence);

            System.out.printf(
                    "lab-it: joined after %d records sent: %s; restarted after %d sent, to %d: %s%n",
                    atJoin, joined.path("producers"), stoppedAt, lastSequence + 1, afterRestart.path("producers"));
            // The view's loss is in its totals: a path the view does not have would read 0 always.
            assertThat(joined.path("totals").has("lost")).isTrue();
            assertThat(joined.path("totals").path("lost").asLong())
                    .as("lost by the consumer that joined late")
                    .isZero();
            JsonNode totals = afterRestart.path("totals");
            assertThat(totals.path("lost").asLong())
                    .as("lost by the restarted consumer")
                    .isZero();
            assertThat(totals.path("duplicated").asLong()).isZero();
            assertThat(totals.path("received").asLong()).isGreaterThan(10_000);
            assertThat(producerHttp
                            .get("/actuator/producer")
                            .json()
                            .path("counters")
                            .path("failed")
                            .asLong())
                    .isZero();
        } finally {
            second.close();
        }
    }

    private long sent() {
        return producerHttp
                .get("/actuator/producer")
                .json()
                .path("counters")
                .path("sent")
                .asLong();
    }

    private static JsonNode totals(LabHttp consumer) {
        return consumer.get("/actuator/latency").json().path("totals");
    }

    /** Stops the load, waits for every send to be acknowledged, returns the last sequence sent. */
    private long stopLoadAndDrain() {
        producerHttp.post("/actuator/producer", "{\"running\": false}");
        await("all sends acknowledged").atMost(Duration.ofSeconds(60)).until(() -> {
            JsonNode c = producerHttp.get("/actuator/producer").json().path("counters");
            return c.path("acked").asLong() + c.path("failed").asLong()
                    == c.path("sent").asLong();
        });
        return producerHttp
                .get("/actuator/producer")
                .json()
                .path("counters")
                .path("lastSequence")
                .asLong();
    }

    /** The consumer's view once it has the last record and no gap is pending (each is received or lost). */
    private static JsonNode awaitCaughtUp(LabHttp consumer, long lastSequence) {
        await("consumer caught up").atMost(Duration.ofSeconds(60)).until(() -> {
            JsonNode report = consumer.get("/actuator/latency").json();
            return report.path("producers").findValues("highestSequence").stream()
                            .anyMatch(h -> h.asLong() >= lastSequence)
                    && report.path("totals").path("pending").asLong() == 0;
        });
        return consumer.get("/actuator/latency").json();
    }
}
