package dev.latencylab.runner.omb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Workloads shaped like OMB's samples become scenarios the lab's own loader accepts, with OMB's values. */
class OmbImportTest {

    @Test
    void aSteadyWorkloadIsOnePhaseOnItsOwnTopicAtItsRate() throws Exception {
        OmbImport.Imported imported = convert("one-topic-6-partitions-2kb.yaml");
        Phase phase = onlyPhase(imported);

        assertThat(imported.name()).isEqualTo("omb-1-producer-1-consumer-on-1-topic-2kb");
        assertThat(phase.name()).isEqualTo("rate-5000");
        assertThat(phase.settings().rate()).isEqualTo(5000);
        assertThat(phase.settings().payloadBytes()).isEqualTo(2048);
        assertThat(phase.settings().payload()).isEqualTo(PayloadKind.RANDOM_HEX);
        assertThat(phase.settings().keyStrategy()).isEqualTo(KeyStrategy.NONE);
        assertThat(phase.settings().lingerMs()).isEqualTo(OmbImport.KAFKA_LINGER_MS);
        assertThat(phase.settings().compression()).isEqualTo(Compression.NONE);
        assertThat(phase.topic().name()).isEqualTo("lab.orders.omb.rate-5000");
        assertThat(phase.topic().partitions()).isEqualTo(6);
        assertThat(phase.warmup()).isEqualTo(Duration.ofMinutes(2));
        assertThat(phase.duration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(phase.producers()).isNull();
        assertThat(phase.backlog()).isNull();
        assertThat(phase.maxRate()).isFalse();
        assertThat(imported.notMapped())
                .anyMatch(n -> n.startsWith("payloadFile: payload/payload-2Kb.data is not read"))
                .anyMatch(n -> n.startsWith("producer settings: OMB takes linger.ms"));
        assertThat(imported.yaml()).startsWith("# Imported from the OpenMessaging Benchmark workload");
    }

    @Test
    void tenTopicsAreOneTopicOfAllTheirPartitionsAndABacklogIsRecords() throws Exception {
        OmbImport.Imported imported = convert("ten-topics-backlog.yaml");
        Phase phase = onlyPhase(imported);

        assertThat(phase.topic().partitions()).isEqualTo(20);
        assertThat(phase.settings().rate()).isEqualTo(20_000);
        assertThat(phase.producers())
                .as("10 topics x 1 producer, past the lab's 8")
                .isEqualTo(8);
        // 1 GB (1024^3 bytes, as OMB counts) of 1024-byte records.
        assertThat(phase.backlog()).isEqualTo(1_048_576);
        assertThat(phase.duration()).isEqualTo(Duration.ofMinutes(10));
        assertThat(phase.warmup()).as("OMB's own warm-up").isEqualTo(Duration.ofMinutes(1));
        assertThat(imported.notMapped())
                .anyMatch(n -> n.startsWith("testDurationMinutes: ${ombTestDuration:-10} is a placeholder"))
                .anyMatch(n -> n.startsWith("topics: 10 topics of 2 partitions become one topic of 20"))
                .anyMatch(n -> n.startsWith("producersPerTopic: 10 producers in all"))
                .anyMatch(n -> n.startsWith("useRandomizedPayloads, randomBytesRatio, randomizedPayloadPoolSize:"))
                .anyMatch(n -> n.startsWith("consumerBacklogSizeGB: 1 GB is a backlog of 1048576 records"));
    }

    @Test
    void producerRateZeroIsARateSearchAndAnUnknownFieldIsNamed() throws Exception {
        OmbImport.Imported imported = convert("keyed-max-rate.yaml");
        Phase phase = onlyPhase(imported);

        assertThat(phase.maxRate()).isTrue();
        assertThat(phase.name()).isEqualTo("rate-max");
        assertThat(phase.settings().keyStrategy()).isEqualTo(KeyStrategy.ORDER_ID);
        assertThat(phase.settings().payloadBytes()).isEqualTo(512);
        assertThat(phase.producers()).isEqualTo(4);
        assertThat(phase.topic().partitions()).isEqualTo(12);
        assertThat(imported.notMapped())
                .contains("producerRateLimit: not a field of OMB's workload format; ignored")
                .anyMatch(n -> n.startsWith("consumerPerSubscription: 2 is how many consumer-app instances run"))
                .anyMatch(n -> n.startsWith("producerRate: 0 (OMB's search for the highest sustainable rate)"))
                .anyMatch(n -> n.startsWith("keyDistributor: KEY_ROUND_ROBIN is the lab's keyStrategy order-id"));
        assertThat(imported.yaml()).contains("# - producerRateLimit: not a field of OMB's workload format; ignored");
    }

    @Test
    void aWorkloadTheScenarioWouldMisrepresentIsRefusedWithEveryReason() {
        assertThatThrownBy(() -> convert("many-subscriptions-small-records.yaml"))
                .isInstanceOfSatisfying(OmbRefusedException.class, e -> assertThat(e.reasons())
                        .hasSize(2)
                        .anyMatch(r -> r.startsWith("many-subscriptions-small-records.yaml: messageSize: 100 bytes;"
                                + " the lab's records are 360 to 100000 bytes"))
                        .anyMatch(
                                r -> r.startsWith("many-subscriptions-small-records.yaml: subscriptionsPerTopic: 3;")));
        assertThatThrownBy(() -> convert("rising-rate.yaml"))
                .isInstanceOfSatisfying(OmbRefusedException.class, e -> assertThat(e.reasons())
                        .singleElement()
                        .asString()
                        .contains("producerIncrementRate: 10000 raises the rate every 30 s"));
    }

    @Test
    void aDriverFilesPropertiesGoWhereTheLabTakesThemAndTheRestIsNamed() throws Exception {
        OmbImport.Imported imported = OmbImport.convert(
                "one-topic-6-partitions-2kb.yaml",
                read("one-topic-6-partitions-2kb.yaml"),
                "driver-throughput.yaml",
                read("driver-throughput.yaml"));
        Phase phase = onlyPhase(imported);

        assertThat(phase.settings().lingerMs()).isEqualTo(10);
        assertThat(phase.settings().batchSize()).isEqualTo(262_144);
        assertThat(phase.settings().compression()).isEqualTo(Compression.LZ4);
        assertThat(phase.settings().compressionLevel()).isEqualTo(5);
        assertThat(phase.settings().acks()).isEqualTo(Acks.ALL);
        // The producer's own block wins over commonConfig's, as in OMB's driver.
        assertThat(phase.settings().producerConfig())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("max.in.flight.requests.per.connection", "1", "request.timeout.ms", "30000"));
        assertThat(phase.consumer().maxPollRecords()).isEqualTo(2000);
        assertThat(phase.consumer().consumerConfig())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "max.partition.fetch.bytes", "10485760",
                        "request.timeout.ms", "45000",
                        "default.api.timeout.ms", "120000"));
        assertThat(phase.topic().replicationFactorOrDefault()).isEqualTo((short) 3);
        assertThat(phase.topic().minInsyncReplicas()).isEqualTo(2);
        assertThat(phase.topic().configs()).containsExactlyEntriesOf(Map.of("retention.ms", "600000"));
        assertThat(imported.notMapped())
                .noneMatch(n -> n.startsWith("producer settings: OMB takes"))
                .noneMatch(n -> n.startsWith("topic: created"))
                .noneMatch(n -> n.contains("default.api.timeout.ms"))
                .anyMatch(n -> n.startsWith("reset: OMB deletes every topic"))
                .anyMatch(n -> n.startsWith("bootstrap.servers: the brokers are those scripts/lab up drives"))
                .anyMatch(n -> n.startsWith("producerConfig enable.idempotence=true: the lab's producer is idempotent"))
                .anyMatch(n -> n.startsWith("producerConfig no.such.property=1: the Kafka producer has no property")
                        && n.contains("the Kafka producer has no property no.such.property"))
                .anyMatch(n -> n.startsWith("commonConfig security.protocol=SASL_SSL: connection security")
                        && n.contains("go in the client config file"))
                .anyMatch(n -> n.startsWith("consumerConfig auto.offset.reset=earliest: is set by the lab")
                        && n.contains("is set by the lab"))
                .anyMatch(n -> n.startsWith("consumerConfig enable.auto.commit=false: is set by the lab"));
        assertThat(imported.notMapped())
                .as("commonConfig's, given to both clients, said once")
                .filteredOn(n -> n.contains("security.protocol"))
                .hasSize(1);
        assertThat(imported.yaml())
                .startsWith("# Imported from the OpenMessaging Benchmark workload"
                        + " one-topic-6-partitions-2kb.yaml with the driver file driver-throughput.yaml");
    }

    @Test
    void aDriverTheLabCannotRunIsRefusedWithEveryReason() throws Exception {
        String workload = read("one-topic-6-partitions-2kb.yaml");

        assertThatThrownBy(
                        () -> OmbImport.convert("w.yaml", workload, "driver-acks-0.yaml", read("driver-acks-0.yaml")))
                .isInstanceOfSatisfying(OmbRefusedException.class, e -> assertThat(e.reasons())
                        .hasSize(3)
                        .anyMatch(r ->
                                r.startsWith("driver-acks-0.yaml: producerConfig acks=0: the lab's acks are all, 1"))
                        .anyMatch(r -> r.equals(
                                "driver-acks-0.yaml: producerConfig linger.ms=forever: must be a whole number"))
                        .anyMatch(r -> r.equals(
                                "driver-acks-0.yaml: consumerConfig max.poll.records=0: the lab takes 1 to 100000")));
        assertThatThrownBy(
                        () -> OmbImport.convert("w.yaml", workload, "driver-pulsar.yaml", read("driver-pulsar.yaml")))
                .isInstanceOfSatisfying(OmbRefusedException.class, e -> assertThat(e.reasons())
                        .singleElement()
                        .asString()
                        .startsWith("driver-pulsar.yaml: driverClass io.openmessaging.benchmark.driver.pulsar."
                                + "PulsarBenchmarkDriver is not OMB's Kafka driver"));
    }

    @Test
    void aDriverOnOneReplicaGetsATopicItCanWriteAndCommonConfigIsNamedAsSuch() throws Exception {
        String driver =
                """
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                reset: "false"
                commonConfig: |
                  linger.ms=2
                  request.timout.ms=5000
                  default.api.timeout.ms=60000
                producerConfig: |
                  compression.type=gzip
                  compression.zstd.level=3
                """;
        OmbImport.Imported imported = OmbImport.convert(
                "one-topic-6-partitions-2kb.yaml", read("one-topic-6-partitions-2kb.yaml"), "d.yaml", driver);
        Phase phase = onlyPhase(imported);

        assertThat(phase.topic().replicationFactorOrDefault()).isEqualTo((short) 1);
        assertThat(phase.topic().minInsyncReplicas())
                .as("the lab's 2 would refuse every send")
                .isEqualTo(1);
        assertThat(phase.settings().lingerMs()).isEqualTo(2);
        assertThat(phase.settings().compressionLevel()).isNull();
        assertThat(imported.notMapped())
                .contains("commonConfig request.timout.ms=5000: neither Kafka client has this property")
                .noneMatch(n -> n.contains("default.api.timeout.ms"))
                .anyMatch(n -> n.startsWith(
                        "topicConfig: no min.insync.replicas; the lab's 2 is more than" + " replicationFactor 1, so 1"))
                .anyMatch(n -> n.startsWith("producerConfig compression.zstd.level=3: a level of another codec"));
    }

    @Test
    void driverValuesTheLabWouldRefuseAreRefusedByTheImportNamingTheDriverAndTheirBlock() throws Exception {
        String workload = read("one-topic-6-partitions-2kb.yaml");
        String driver =
                """
                replicationFactor: 2
                topicConfig: |
                  min.insync.replicas=3
                commonConfig: |
                  linger.ms=forever
                producerConfig: |
                  compression.type=lz4
                  compression.lz4.level=20
                """;

        assertThatThrownBy(() -> OmbImport.convert("w.yaml", workload, "d.yaml", driver))
                .isInstanceOfSatisfying(OmbRefusedException.class, e -> assertThat(e.reasons())
                        .containsExactlyInAnyOrder(
                                "d.yaml: commonConfig linger.ms=forever: must be a whole number",
                                "d.yaml: producerConfig compression.lz4.level=20: the lab takes 1 to 17",
                                "d.yaml: topicConfig min.insync.replicas=3: more than replicationFactor 2 (every"
                                        + " acks=all send would be refused)"));
        assertThatThrownBy(() -> OmbImport.convert("w.yaml", workload, "d.yaml", "reset: yes\n"))
                .isInstanceOfSatisfying(OmbRefusedException.class, e -> assertThat(e.reasons())
                        .containsExactly("d.yaml: reset must be true or false, got \"yes\""));
        assertThatThrownBy(() -> OmbImport.convert("w.yaml", workload, "d.yaml", "producerConfig: {acks: all}\n"))
                .isInstanceOfSatisfying(OmbRefusedException.class, e -> assertThat(e.reasons())
                        .singleElement()
                        .asString()
                        .startsWith("d.yaml: producerConfig must be Java properties text"));
    }

    @Test
    void aLabScenarioIsNotTakenForAWorkload() {
        assertThatThrownBy(() -> OmbImport.convert("linger-sweep.yaml", "name: x\nphases: []\n"))
                .isInstanceOfSatisfying(
                        OmbRefusedException.class,
                        e -> assertThat(e.reasons()).singleElement().asString().contains("a lab scenario already"));
    }

    @Test
    void theScenarioNameIsOneTheLoaderTakes() {
        assertThat(OmbImport.scenarioName("1 producer / 1 consumers on 1 topic", "w.yaml"))
                .isEqualTo("omb-1-producer-1-consumers-on-1-topic");
        assertThat(OmbImport.scenarioName(null, "workloads/1-topic-1-partition-100b.yaml"))
                .isEqualTo("omb-1-topic-1-partition-100b");
        assertThat(OmbImport.scenarioName("x".repeat(100), "w.yaml")).hasSize(80);
    }

    private static Phase onlyPhase(OmbImport.Imported imported) {
        Scenario scenario = new ScenarioLoader().parse("imported", "imported", imported.yaml());
        assertThat(scenario.name()).isEqualTo(imported.name());
        assertThat(scenario.phases()).hasSize(1);
        return scenario.phases().get(0);
    }

    static OmbImport.Imported convert(String fixture) throws IOException {
        return OmbImport.convert(fixture, read(fixture));
    }

    static String read(String fixture) throws IOException {
        try (InputStream in = OmbImportTest.class.getResourceAsStream("/omb/" + fixture)) {
            assertThat(in).as(fixture).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
