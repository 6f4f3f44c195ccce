package dev.latencylab.runner.omb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
