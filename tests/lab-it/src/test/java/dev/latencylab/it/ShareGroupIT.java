package dev.latencylab.it;

import static dev.latencylab.it.PhaseChecks.assertWholeThroughABrokerStop;
import static dev.latencylab.it.PhaseChecks.fenced;
import static dev.latencylab.it.PhaseChecks.latency;
import static dev.latencylab.it.PhaseChecks.post;
import static dev.latencylab.it.PhaseChecks.startUnnamedLoadUntilEveryPartitionIsRead;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.api.settings.ListenerType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * The consumer reading as a share group (KIP-932) on a real 3-broker cluster, in the hard world: it
 * switches from the consumer group under load, is suspended past the records' acquisition lock (2 s
 * here) so the brokers hand its records out again while it still processes them, is SIGKILLed with
 * records processed and not yet acknowledged, comes back in share mode from its settings file, and
 * switches back to the consumer group; then a broker is stopped under it. Every record of each phase
 * is counted once, the records processed a second time apart.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ShareGroupIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int PARTITIONS = 3;
    private static final String SHARE = "{\"listener\": \"share\", \"workers\": 3, \"maxPollRecords\": 100,"
            + " \"work\": \"wait\", \"workMicros\": 1000}";

    private KafkaCluster cluster;
    private Path ledgers;
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @BeforeAll
    void startCluster() throws Exception {
        cluster = KafkaCluster.start();
        ledgers = Files.createDirectories(Path.of("target", "ledgers", "share-" + System.nanoTime()));
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
    @Order(1)
    void aShareGroupSuspendedPastItsLocksAndKilledCountsEveryRecordOnceAndTheSecondProcessingsApart() throws Exception {
        String topic = "lab.orders.share";
        cluster.createTopic(topic, PARTITIONS);
        Path settings = ledgers.resolve("consumer.settings.json");
        String settingsFile = "--lab.consumer.settings-file=" + settings;
        ConsumerProcess first = start(topic, settingsFile);
        LabHttp producer = producer(topic);
        post(producer, "{\"keyStrategy\": \"customer-id\"}");
        startUnnamedLoadUntilEveryPartitionIsRead(producer, first.http(), PARTITIONS);

        // From the consumer group to the share group under load: nothing may fall between the two.
        post(producer, "{\"phase\": 91, \"rate\": 1000}");
        Thread.sleep(2_000);
        ConsumerStatus shared = change(first.http(), SHARE);
        assertThat(shared.settings().listener()).isEqualTo(ListenerType.SHARE);
        Thread.sleep(3_000);
        // Suspended for twice the lock: what it holds is handed out again (to itself, once it is back).
        first.suspend();
        Thread.sleep(4_000);
        first.resume();
        Thread.sleep(3_000);
        // Killed with a batch processed but not acknowledged: those records come again.
        first.kill();
        Thread.sleep(3_000);
        ConsumerProcess second = start(topic, settingsFile);
        ConsumerStatus restarted = status(second.http());
        assertThat(restarted.settings().listener())
                .as("the restarted instance reads as the share group again")
                .isEqualTo(ListenerType.SHARE);
        Thread.sleep(3_000);
        post(producer, "{\"phase\": 0}");

        PhaseCounts counts = fenced(producer, second.http(), 91);
        System.out.println("share group suspended and killed, phase 91: " + counts);
        assertThat(counts.failed()).isZero();
        assertThat(counts.lost()).isZero();
        assertThat(counts.duplicated()).isZero();
        assertThat(counts.acked()).isEqualTo(counts.received()).isPositive();
        assertThat(counts.redelivered())
                .as("records processed again after their lock ran out or their processor was killed")
                .isPositive();
        // The restarted instance's keys (the killed one's counts went with it), each checked for its order.
        assertThat(counts.keyOrder().keys()).isPositive();
        assertThat(counts.keyOrder().untracked()).isZero();

        // Back to the consumer group: it goes on after what the share group processed.
        post(producer, "{\"phase\": 92}");
        change(second.http(), "{\"listener\": \"batch\", \"workers\": 1, \"workMicros\": 0}");
        Thread.sleep(4_000);
        post(producer, "{\"phase\": 0}");
        PhaseCounts back = fenced(producer, second.http(), 92);
        System.out.println("back to the consumer group, phase 92: " + back);
        assertThat(back.lost()).isZero();
        assertThat(back.duplicated())
                .as("a record the share group processed is not counted again")
                .isZero();
        assertThat(back.acked()).isEqualTo(back.received()).isPositive();
        assertThat(latency(second.http()).ledger(topic).redeliveredBeforeStart())
                .as("the consumer group re-read nothing the share group had processed")
                .isZero();
        post(producer, "{\"running\": false}");
    }

    @Test
    @Order(2)
    void aBrokerStoppedUnderAShareGroupLosesNoRecordAndCountsNoneTwice() throws Exception {
        String topic = "lab.orders.share-broker";
        cluster.createTopic(topic, PARTITIONS);
        ConsumerProcess consumer = start(topic);
        LabHttp producer = producer(topic);
        post(producer, "{\"keyStrategy\": \"customer-id\"}");
        startUnnamedLoadUntilEveryPartitionIsRead(producer, consumer.http(), PARTITIONS);
        change(consumer.http(), SHARE);
        post(producer, "{\"phase\": 93, \"rate\": 1000}");
        Thread.sleep(3_000);
        // Last in the class: the cluster runs on with two brokers (min.insync.replicas 2 still met). The
        // partition's leader goes, and with it the share partition's in-flight records and their locks.
        cluster.stopBroker(cluster.leaderOf(topic, 0));
        Thread.sleep(8_000);
        post(producer, "{\"phase\": 0}");

        PhaseCounts counts = fenced(producer, consumer.http(), 93);
        System.out.println("share group, a broker stopped, phase 93: " + counts);
        assertThat(counts.unread()).isZero();
        assertWholeThroughABrokerStop(counts);
        assertThat(status(consumer.http()).settings().listener())
                .as("read by the share group throughout")
                .isEqualTo(ListenerType.SHARE);
        assertThat(ledgers.resolve("share-ledger-lab-it-" + topic + "-share-" + topic + ".bin"))
                .as("the share group's ledger of the topic, which counted the phase")
                .isNotEmptyFile();
        post(producer, "{\"running\": false}");
    }

    private ConsumerProcess start(String topic, String... extra) throws Exception {
        ConsumerProcess p = ConsumerProcess.start(cluster.bootstrapServers(), topic, ledgers, extra);
        toClose.add(p);
        await("the consumer answers").atMost(Duration.ofSeconds(30)).until(() -> status(p.http()) != null);
        return p;
    }

    private LabHttp producer(String topic) {
        ConfigurableApplicationContext p = LabApps.startProducer(cluster.bootstrapServers(), topic, PARTITIONS);
        toClose.add(p);
        return new LabHttp(LabApps.port(p));
    }

    private static ConsumerStatus change(LabHttp consumer, String body) {
        LabHttp.Response r = consumer.post("/actuator/consumer", body);
        assertThat(r.status()).as(body + " -> " + r.body()).isEqualTo(200);
        return JSON.readValue(r.body(), ConsumerStatus.class);
    }

    private static ConsumerStatus status(LabHttp consumer) {
        return JSON.readValue(consumer.get("/actuator/consumer").body(), ConsumerStatus.class);
    }
}
