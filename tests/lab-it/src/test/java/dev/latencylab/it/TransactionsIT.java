package dev.latencylab.it;

import static dev.latencylab.it.PhaseChecks.fenced;
import static dev.latencylab.it.PhaseChecks.latency;
import static dev.latencylab.it.PhaseChecks.post;
import static dev.latencylab.it.PhaseChecks.startUnnamedLoadUntilEveryPartitionIsRead;
import static dev.latencylab.it.PhaseChecks.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.TransactionCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A transactional producer-app that aborts transactions on purpose, read at read_committed and at
 * read_uncommitted, with the consumer restarted mid-phase and started after the load: every record
 * the brokers acknowledged is received, or was in an aborted transaction a read_committed consumer
 * is never given; nothing is lost, and the aborted records' own identity leaves no gap in the
 * producer's sequence numbers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TransactionsIT {

    private static final int PARTITIONS = 3;
    private static final String READ_COMMITTED = "--spring.kafka.consumer.properties.isolation.level=read_committed";

    private KafkaCluster cluster;
    private Path ledgers;
    private final List<ConfigurableApplicationContext> toClose = new ArrayList<>();

    @BeforeAll
    void startCluster() throws Exception {
        cluster = KafkaCluster.start();
        ledgers = Files.createDirectories(Path.of("target", "ledgers", "transactions-" + System.nanoTime()));
    }

    @AfterEach
    void closeApps() {
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
    void atReadCommittedTheAbortedRecordsAreNeverGivenAndARestartedConsumerLosesNothing() throws Exception {
        String topic = "lab.orders.tx-committed";
        cluster.createTopic(topic, PARTITIONS);
        ConfigurableApplicationContext first = consumer(topic, READ_COMMITTED);
        LabHttp producer = producer(topic);
        startUnnamedLoadUntilEveryPartitionIsRead(producer, new LabHttp(LabApps.port(first)), PARTITIONS);

        post(producer, "{\"transactionMs\": 20, \"abortEvery\": 4, \"phase\": 61}");
        Thread.sleep(6_000);
        // Stopped and started again mid-phase: the new instance reads from the last commit, through markers
        // and aborted transactions it is not given.
        first.close();
        toClose.remove(first);
        ConfigurableApplicationContext second = consumer(topic, READ_COMMITTED);
        Thread.sleep(6_000);
        post(producer, "{\"phase\": 0}");

        LabHttp consumer = new LabHttp(LabApps.port(second));
        PhaseCounts counts = fenced(producer, consumer, 61);
        System.out.println("transactions at read_committed, restarted, phase 61: " + counts);
        TransactionCounts t = counts.transactions();
        assertThat(t).isNotNull();
        assertThat(t.committed()).isGreaterThan(100);
        assertThat(t.aborted()).isGreaterThan(25);
        assertThat(counts.aborted()).isPositive();
        assertThat(counts.lost()).isZero();
        assertThat(counts.unobserved()).isZero();
        assertThat(counts.failed()).isZero();
        assertThat(counts.storedDespiteFailure()).isZero();
        assertThat(counts.received()).isEqualTo(counts.acked() - counts.aborted());

        // The producer's own identity shows no gap at read_committed; the aborted records' identity was never given.
        ProducerStatus end = status(producer);
        List<ProducerTrack> tracks = latency(consumer).producers();
        assertThat(tracks).hasSize(1);
        assertThat(tracks.get(0).producerId()).isEqualTo(end.producerId());
        assertThat(tracks.get(0).lost()).isZero();
    }

    @Test
    void atReadUncommittedAConsumerStartedAfterTheLoadReceivesTheAbortedRecordsToo() throws Exception {
        String topic = "lab.orders.tx-uncommitted";
        cluster.createTopic(topic, PARTITIONS);
        LabHttp producer = producer(topic);
        post(producer, "{\"rate\": 2000, \"transactionMs\": 50, \"abortEvery\": 3, \"phase\": 71, \"running\": true}");
        Thread.sleep(3_000);
        ConfigurableApplicationContext c = consumer(topic);
        Thread.sleep(6_000);
        post(producer, "{\"phase\": 0}");

        LabHttp consumer = new LabHttp(LabApps.port(c));
        PhaseCounts counts = fenced(producer, consumer, 71);
        System.out.println("transactions at read_uncommitted, consumer after the load, phase 71: " + counts);
        assertThat(counts.transactions().aborted()).isPositive();
        assertThat(counts.aborted()).isPositive();
        assertThat(counts.lost()).isZero();
        assertThat(counts.storedDespiteFailure()).isZero();
        // Joined 3 s into the phase at the log's end: what came before is unobserved, the aborted records
        // after it received.
        assertThat(counts.unobserved()).isPositive();
        assertThat(counts.received()).isPositive().isEqualTo(counts.acked() - counts.unobserved());
        // Both identities given whole: the producer's and its aborted transactions'.
        List<ProducerTrack> tracks = latency(consumer).producers();
        assertThat(tracks).hasSize(2);
        assertThat(tracks).allSatisfy(track -> assertThat(track.lost()).isZero());
    }

    private LabHttp producer(String topic) {
        ConfigurableApplicationContext p = LabApps.startProducer(cluster.bootstrapServers(), topic, PARTITIONS);
        toClose.add(p);
        return new LabHttp(LabApps.port(p));
    }

    private ConfigurableApplicationContext consumer(String topic, String... extra) {
        List<String> args = new ArrayList<>(List.of("--lab.consumer.ledger-dir=" + ledgers));
        args.addAll(List.of(extra));
        ConfigurableApplicationContext c =
                LabApps.startConsumer(cluster.bootstrapServers(), topic, PARTITIONS, args.toArray(String[]::new));
        toClose.add(c);
        return c;
    }
}
