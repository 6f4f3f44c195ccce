package dev.latencylab.it;

import static dev.latencylab.it.PhaseChecks.assertWholeThroughABrokerStop;
import static dev.latencylab.it.PhaseChecks.fenced;
import static dev.latencylab.it.PhaseChecks.latency;
import static dev.latencylab.it.PhaseChecks.post;
import static dev.latencylab.it.PhaseChecks.startUnnamedLoadUntilEveryPartitionIsRead;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.api.settings.ListenerType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * Consumer settings changed under load on a real 3-broker cluster: every listener, commit,
 * processing and fetch mode in turn within one named phase, a switch while paused, and two
 * instances of one group processing per key in parallel, and, last, a switch while the group's
 * coordinator is stopped. The phase's counts must close exactly.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ConsumerModesIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int PARTITIONS = 3;
    /**
     * The Kafka consumer's own commits, with the record listener: once a minute, so that within the
     * mode nobody commits, and what it processed is committed when its consumer closes at the next switch.
     */
    private static final String AUTO_RECORD =
            "{\"listener\": \"record\", \"commit\": \"auto\", \"commitIntervalMs\": 60000, \"workMicros\": 0}";
    /** Each mode of the cycle, as a user would POST it. */
    private static final List<String> MODES = List.of(
            "{\"listener\": \"record\", \"commit\": \"record\", \"commitSync\": true, \"workMicros\": 100}",
            "{\"listener\": \"batch\", \"commit\": \"batch\", \"maxPollRecords\": 50, \"processing\": \"per-key\","
                    + " \"workers\": 50, \"workMicros\": 1000}",
            "{\"maxPollRecords\": 300, \"processing\": \"unordered\", \"workers\": 16, \"work\": \"cpu\","
                    + " \"workMicros\": 50}",
            "{\"commit\": \"count\", \"commitCount\": 200, \"processing\": \"in-order\", \"workMicros\": 0,"
                    + " \"consumerConfig\": {\"fetch.min.bytes\": 1024, \"fetch.max.wait.ms\": 50}}",
            "{\"commit\": \"time\", \"commitIntervalMs\": 1000, \"commitSync\": false}",
            AUTO_RECORD,
            "{\"listener\": \"batch\", \"processing\": \"per-key\", \"workers\": 8, \"workMicros\": 200}");

    private KafkaCluster cluster;
    private Path ledgers;
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @BeforeAll
    void startCluster() throws Exception {
        cluster = KafkaCluster.start();
        ledgers = Files.createDirectories(Path.of("target", "ledgers", "modes-" + System.nanoTime()));
    }

    @AfterEach
    void closeApps() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        toClose.clear();
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void everyModeSwitchedUnderLoadLosesNothingAndRedeliversNothing() throws Exception {
        String topic = "lab.orders.modes";
        cluster.createTopic(topic, PARTITIONS);
        LabHttp consumer = consumer(topic, PARTITIONS);
        LabHttp producer = producer(topic);
        post(producer, "{\"keyStrategy\": \"customer-id\"}");
        startUnnamedLoadUntilEveryPartitionIsRead(producer, consumer, PARTITIONS);

        post(producer, "{\"phase\": 51}");
        for (String mode : MODES) {
            ConsumerStatus status = change(consumer, mode);
            System.out.println("consumer now " + status.summary());
            if (mode.equals(AUTO_RECORD)) {
                // The previous mode's last (asynchronous) commit lands first.
                Thread.sleep(1_000);
                long committed = committed(topic);
                long read = received(consumer);
                Thread.sleep(2_500);
                assertThat(received(consumer))
                        .as("records read under commit auto")
                        .isGreaterThan(read);
                assertThat(committed(topic))
                        .as("no commit by the container: the Kafka consumer's come once a minute")
                        .isEqualTo(committed);
            } else {
                Thread.sleep(2_500);
            }
        }
        // Switched again and again while records flow, under commit auto and by the container: a stop
        // that caught a poll as it returned dropped that poll's records, read again or (commit auto)
        // never; one switch in ~15 did, so 30 of them find it.
        List<String> quick = List.of(
                "{\"listener\": \"record\", \"commit\": \"auto\", \"processing\": \"in-order\"}",
                "{\"listener\": \"batch\"}",
                "{\"commit\": \"batch\"}");
        for (int i = 0; i < 30; i++) {
            change(consumer, quick.get(i % quick.size()));
            Thread.sleep(250);
        }
        // Paused, switched to the record listener, still paused; then resumed.
        change(consumer, "{\"consuming\": false}");
        long receivedWhenPaused = received(consumer);
        ConsumerStatus paused =
                change(consumer, "{\"listener\": \"record\", \"commit\": \"batch\", \"processing\": \"in-order\"}");
        assertThat(paused.consuming()).isFalse();
        Thread.sleep(1_500);
        assertThat(received(consumer)).as("nothing read while paused").isEqualTo(receivedWhenPaused);
        change(consumer, "{\"consuming\": true}");
        Thread.sleep(2_000);
        post(producer, "{\"phase\": 0}");

        PhaseCounts counts = fenced(producer, consumer, 51);
        System.out.println("every mode in one phase, phase 51: " + counts);
        assertThat(counts.lost()).isZero();
        assertThat(counts.unobserved()).isZero();
        assertThat(counts.failed()).isZero();
        assertThat(counts.duplicated()).isZero();
        assertThat(counts.acked()).isEqualTo(counts.received());
        // A switch stops the running container cleanly: what it processed is committed as it
        // leaves the group (under commit auto, by the Kafka consumer as it closes), so the next one
        // reads nothing twice.
        assertThat(counts.redelivered()).isZero();
        PhaseView phase = latency(consumer).phases().stream()
                .filter(p -> p.phase() == 51)
                .findFirst()
                .orElseThrow();
        assertThat(phase.batchWaitMs()).as("consumed - polled measured").isNotNull();
        // A batch of 50 with 1 ms of waiting work per record, 50 workers: some records wait >= 1 ms.
        assertThat(phase.batchWaitMs().max()).isGreaterThanOrEqualTo(1.0);
    }

    @Test
    void anInstanceHoldingNoPartitionSwitchesAtOnce() {
        // Its topic does not exist: the pause a switch waits for before it stops a container never comes
        // to a container without partitions (spring-kafka pauses partitions), and there is nothing to drop.
        LabHttp idle = consumer("lab.orders.none", 0);
        for (String listener : List.of("record", "batch")) {
            long start = System.nanoTime();
            assertThat(change(idle, "{\"listener\": \"" + listener + "\"}").consuming())
                    .isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("switched to the " + listener + " listener")
                    .isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void twoInstancesProcessingPerKeyInParallelKeepEachKeysOrderAndUnorderedDoesNot() throws Exception {
        String topic = "lab.orders.perkey";
        cluster.createTopic(topic, PARTITIONS);
        // A short loss grace, so gap counting has judged every gap by the time the phase is closed.
        LabHttp a = consumer(topic, 0, "--lab.consumer.loss-grace=2s");
        LabHttp b = consumer(topic, 0, "--lab.consumer.loss-grace=2s");
        String perKey = "{\"maxPollRecords\": 300, \"processing\": \"per-key\", \"workers\": 16, \"work\": \"cpu\","
                + " \"workMicros\": 50}";
        change(a, perKey);
        change(b, perKey);
        LabHttp producer = producer(topic);
        post(producer, "{\"keyStrategy\": \"customer-id\"}");
        startUnnamedLoadUntilEveryPartitionIsRead(producer, a, PARTITIONS);
        post(producer, "{\"phase\": 61}");
        Thread.sleep(8_000);
        post(producer, "{\"phase\": 0}");

        PhaseCounts counts = fenced(producer, a, 61);
        System.out.println("two instances per key, phase 61: " + counts);
        assertThat(counts.lost()).isZero();
        assertThat(counts.acked()).isEqualTo(counts.received());
        assertThat(status(a).keyOrderViolations() + status(b).keyOrderViolations())
                .as("per-key processing keeps each key's order")
                .isZero();
        // Each instance saw only part of the producer's sequence: the other's records are gaps to it,
        // unobserved, never lost (the group's ledger above judges loss).
        Thread.sleep(3_000);
        for (LabHttp instance : List.of(a, b)) {
            assertThat(latency(instance).totals().lost())
                    .as("an instance's own gap count")
                    .isZero();
            assertThat(latency(instance).producers())
                    .as("the other instance's records, unobserved here")
                    .anySatisfy(t -> assertThat(t.unobserved()).isPositive());
        }

        // The same check sees order broken when nothing keeps it: it can fail.
        String unordered = "{\"processing\": \"unordered\"}";
        change(a, unordered);
        change(b, unordered);
        await("a key's later record finishing first, somewhere")
                .atMost(Duration.ofSeconds(60))
                .until(() -> status(a).keyOrderViolations() + status(b).keyOrderViolations() > 0);
        post(producer, "{\"running\": false}");
    }

    /**
     * Last in the class: the cluster runs on with two brokers (min.insync.replicas 2 still met). The
     * group's coordinator is stopped while the consumer switches listener, so the switch's last commit,
     * the old container's leaving and the new one's joining all meet a coordinator on its way to another
     * broker; then a second switch on the moved coordinator.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aSwitchWhileTheGroupsCoordinatorStopsLosesNothingAndCountsNoneTwice() throws Exception {
        String topic = "lab.orders.switch-coordinator";
        String group = "lab-it-" + topic;
        cluster.createTopic(topic, PARTITIONS);
        LabHttp consumer = consumer(topic, PARTITIONS);
        LabHttp producer = producer(topic);
        post(producer, "{\"keyStrategy\": \"customer-id\"}");
        startUnnamedLoadUntilEveryPartitionIsRead(producer, consumer, PARTITIONS);
        post(producer, "{\"phase\": 53, \"rate\": 1000}");
        Thread.sleep(2_000);

        int coordinator = cluster.coordinatorOf(group);
        CompletableFuture<ConsumerStatus> switched = CompletableFuture.supplyAsync(
                () -> change(consumer, "{\"listener\": \"record\", \"commit\": \"record\"}"));
        cluster.stopBroker(coordinator);
        assertThat(switched.get(2, TimeUnit.MINUTES).settings().listener())
                .as("switched while broker %d, the coordinator, stopped", coordinator)
                .isEqualTo(ListenerType.RECORD);
        assertThat(cluster.coordinatorOf(group))
                .as("the group's new coordinator")
                .isNotEqualTo(coordinator);
        long afterStop = received(consumer);
        await("records read on the moved coordinator")
                .atMost(Duration.ofSeconds(60))
                .until(() -> received(consumer) > afterStop + 1_000);
        change(consumer, "{\"listener\": \"batch\", \"commit\": \"batch\"}");
        Thread.sleep(3_000);
        post(producer, "{\"phase\": 0}");

        PhaseCounts counts = fenced(producer, consumer, 53);
        System.out.println("a switch while the coordinator stopped, phase 53: " + counts);
        assertThat(counts.unobserved()).isZero();
        assertWholeThroughABrokerStop(counts);
        post(producer, "{\"running\": false}");
    }

    /** The group's committed offsets, summed over the topic's partitions. */
    private long committed(String topic) throws Exception {
        try (org.apache.kafka.clients.admin.Admin admin = cluster.admin()) {
            return admin
                    .listConsumerGroupOffsets("lab-it-" + topic)
                    .partitionsToOffsetAndMetadata()
                    .get(10, TimeUnit.SECONDS)
                    .values()
                    .stream()
                    .filter(java.util.Objects::nonNull)
                    .mapToLong(org.apache.kafka.clients.consumer.OffsetAndMetadata::offset)
                    .sum();
        }
    }

    private static ConsumerStatus change(LabHttp consumer, String body) {
        LabHttp.Response r = consumer.post("/actuator/consumer", body);
        assertThat(r.status()).as(body + " -> " + r.body()).isEqualTo(200);
        return JSON.readValue(r.body(), ConsumerStatus.class);
    }

    private static ConsumerStatus status(LabHttp consumer) {
        return JSON.readValue(consumer.get("/actuator/consumer").body(), ConsumerStatus.class);
    }

    private static long received(LabHttp consumer) {
        return latency(consumer).totals().received();
    }

    private LabHttp producer(String topic) {
        ConfigurableApplicationContext p = LabApps.startProducer(cluster.bootstrapServers(), topic, PARTITIONS);
        toClose.add(p);
        return new LabHttp(LabApps.port(p));
    }

    private LabHttp consumer(String topic, int waitForPartitions, String... extra) {
        List<String> args = new ArrayList<>(List.of("--lab.consumer.ledger-dir=" + ledgers));
        args.addAll(List.of(extra));
        ConfigurableApplicationContext c = LabApps.startConsumer(
                cluster.bootstrapServers(), topic, waitForPartitions, args.toArray(String[]::new));
        toClose.add(c);
        return new LabHttp(LabApps.port(c));
    }
}
