package dev.latencylab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoaderTest {

    private final ScenarioLoader loader = new ScenarioLoader();

    private static final String SWEEP =
            """
            name: sweep
            description: two lingers
            defaults:
              warmup: 10s
              duration: 50s
              settings:
                batchSize: 16384
                compression: none
                rate: 1000
                payloadBytes: 400
            phases:
              - name: linger-0
                settings:
                  lingerMs: 0
              - name: linger-20
                settings:
                  lingerMs: 20
                  compression: lz4
                warmup: 0s
                duration: 1m30s
            """;

    @Test
    void defaultsFillEveryPhaseAndPhaseFieldsWin() {
        Scenario s = loader.parse("sweep.yaml", "fallback", SWEEP);

        assertThat(s.name()).isEqualTo("sweep");
        assertThat(s.phases()).extracting(Phase::name).containsExactly("linger-0", "linger-20");
        Phase first = s.phases().get(0);
        assertThat(first.settings())
                .isEqualTo(new ProducerSettings(0, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID));
        assertThat(first.warmup()).isEqualTo(Duration.ofSeconds(10));
        assertThat(first.duration()).isEqualTo(Duration.ofSeconds(50));
        Phase second = s.phases().get(1);
        assertThat(second.settings())
                .isEqualTo(new ProducerSettings(20, 16384, Compression.LZ4, 1000, 400, KeyStrategy.ORDER_ID));
        assertThat(second.warmup()).isZero();
        assertThat(second.duration()).isEqualTo(Duration.ofSeconds(90));
        assertThat(s.total()).isEqualTo(Duration.ofSeconds(150));
    }

    @Test
    void aPhaseMayDriveMoreProducersThanScriptsLabStartsOnOneMachine() {
        Scenario s = loader.parse(
                "sweep.yaml",
                "fallback",
                SWEEP.replace("  - name: linger-0\n", "  - name: linger-0\n    producers: 12\n"));

        assertThat(s.phases().get(0).producers()).isEqualTo(12);
    }

    @Test
    void nameFallsBackToTheFileName(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("my-sweep.yaml");
        Files.writeString(file, SWEEP.replace("name: sweep\n", ""));

        assertThat(loader.load(file).name()).isEqualTo("my-sweep");
    }

    @Test
    void aPayloadTheProducerWouldRefuseIsRefusedWhenTheScenarioIsLoaded() {
        String scenario =
                """
                phases:
                  - name: small
                    settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 300}
                    warmup: 1s
                    duration: 5s
                """;

        assertThatThrownBy(() -> loader.parse("small.yaml", "small", scenario))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactly("small.yaml: phase 1 'small': settings.payloadBytes: must have a minimum value"
                                + " of " + SettingsLimits.PAYLOAD_BYTES.min() + ", got 300"));
    }

    @Test
    void keysAreOrderIdsUnlessAPhaseOrTheDefaultsSayOtherwise() {
        String scenario =
                """
                defaults:
                  settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                  warmup: 1s
                  duration: 5s
                phases:
                  - name: keyed
                  - name: keyless
                    settings: {keyStrategy: none}
                """;

        Scenario s = loader.parse("keys.yaml", "keys", scenario);

        assertThat(s.phases())
                .extracting(p -> p.settings().keyStrategy())
                .containsExactly(KeyStrategy.ORDER_ID, KeyStrategy.NONE);
    }

    @Test
    void everyProblemNamesFilePhaseAndField() {
        String bad =
                """
                defaults:
                  warmup: 10s
                  duration: 50s
                phases:
                  - name: ok
                    settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                  - name: broken
                    settings: {lingerMs: 20000, batchSize: 16384, compression: brotli, rate: 0, payloadBytes: 12}
                    duration: fifty
                """;

        assertThatThrownBy(() -> loader.parse("bad.yaml", "bad", bad))
                .isInstanceOf(ScenarioException.class)
                .satisfies(
                        e -> assertThat(((ScenarioException) e).problems())
                                .containsExactlyInAnyOrder(
                                        "bad.yaml: phase 2 'broken': settings.lingerMs: must have a maximum value of 10000, got 20000",
                                        "bad.yaml: phase 2 'broken': settings.compression: does not have a value in the enumeration [\"none\", \"gzip\", \"snappy\", \"lz4\", \"zstd\"], got 'brotli'",
                                        "bad.yaml: phase 2 'broken': settings.rate: must be a number of records/s from 0.1 to 200000, unthrottled or max, got 0",
                                        "bad.yaml: phase 2 'broken': settings.payloadBytes: must have a minimum value of 360, got 12",
                                        "bad.yaml: phase 2 'broken': duration: is not a duration; write e.g. 15s, 5m, 1m30s, 250ms or PT15S, got 'fifty'"));
    }

    @Test
    void missingSettingsSayWhereToSetThem() {
        String text =
                """
                phases:
                  - name: only
                    settings: {lingerMs: 0}
                """;

        assertThatThrownBy(() -> loader.parse("m.yaml", "m", text))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining(
                        "m.yaml: phase 1 'only': settings.batchSize: is missing (set it in the phase or in defaults)")
                .hasMessageContaining("m.yaml: phase 1 'only': warmup: is missing")
                .hasMessageContaining("m.yaml: phase 1 'only': duration: is missing");
    }

    @Test
    void anyKafkaProducerPropertyIsSetPerPhaseOverTheDefaultsAndWrittenBack() {
        String text =
                """
                name: props
                defaults:
                  warmup: 5s
                  duration: 10s
                  settings:
                    lingerMs: 5
                    batchSize: 16384
                    compression: none
                    payloadBytes: 400
                    rate: 1000
                    producerConfig: {delivery.timeout.ms: 60000, partitioner.ignore.keys: true}
                phases:
                  - name: plain
                  - name: big-requests
                    settings:
                      producerConfig: {max.request.size: 2097152, delivery.timeout.ms: 90000}
                """;

        Scenario s = loader.parse("p.yaml", "p", text);

        assertThat(s.phases().get(0).settings().producerConfig())
                .containsExactly(entry("delivery.timeout.ms", "60000"), entry("partitioner.ignore.keys", "true"));
        assertThat(s.phases().get(1).settings().producerConfig())
                .containsExactly(
                        entry("delivery.timeout.ms", "90000"),
                        entry("max.request.size", "2097152"),
                        entry("partitioner.ignore.keys", "true"));
        Scenario again = loader.parse("p2.yaml", "p", new ScenarioWriter().write(s));
        assertThat(again.phases().get(1).settings()).isEqualTo(s.phases().get(1).settings());
    }

    @Test
    void aKafkaPropertyTheProducerWouldRefuseIsRefusedBeforeAnythingStarts() {
        String text = SWEEP.replace(
                "      lingerMs: 0\n", "      lingerMs: 0\n      producerConfig: {max.requests.size: 1}\n");

        assertThatThrownBy(() -> loader.parse("k.yaml", "k", text))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("k.yaml: phase 1 'linger-0': settings.producerConfig.max.requests.size:"
                        + " producerConfig.max.requests.size: the Kafka producer has no property max.requests.size");
        assertThatThrownBy(() -> loader.parse(
                        "o.yaml",
                        "o",
                        SWEEP.replace("      lingerMs: 0\n", "      lingerMs: 0\n      producerConfig: {acks: 0}\n")))
                .hasMessageContaining("settings.producerConfig.acks: is set by the lab; use acks instead");
    }

    @Test
    void anyKafkaConsumerPropertyIsSetPerPhaseOverTheDefaultsAndCheckedByTheConsumersDefinitions() {
        String text = SWEEP.replace(
                        "  duration: 50s\n",
                        "  duration: 50s\n  consumer: {consumerConfig: {fetch.max.bytes: 1024, check.crcs: false}}\n")
                .replace(
                        "      lingerMs: 0\n",
                        "      lingerMs: 0\n    consumer: {consumerConfig: {fetch.max.bytes: 2048}}\n");

        Scenario s = loader.parse("c.yaml", "c", text);

        assertThat(s.phases().get(0).consumer().consumerConfig())
                .containsExactly(entry("check.crcs", "false"), entry("fetch.max.bytes", "2048"));
        assertThat(s.phases().get(1).consumer().consumerConfig())
                .containsExactly(entry("check.crcs", "false"), entry("fetch.max.bytes", "1024"));
        assertThat(loader.parse("c2.yaml", "c", new ScenarioWriter().write(s))
                        .phases()
                        .get(0)
                        .consumer())
                .isEqualTo(s.phases().get(0).consumer());
        assertThatThrownBy(() ->
                        loader.parse("b.yaml", "b", text.replace("fetch.max.bytes: 2048", "fetch.max.bytes: lots")))
                .hasMessageContaining("b.yaml: phase 1 'linger-0': consumer.consumerConfig.fetch.max.bytes:"
                        + " must be an integer in [0,...]; got \"lots\"");
    }

    @Test
    void unknownFieldsAreRefusedWithTheKnownOnes() {
        String text = SWEEP.replace("      - name: linger-0\n", "      - name: linger-0\n        lingr: 5\n")
                .replace("  - name: linger-0\n", "  - name: linger-0\n    lingr: 5\n");

        assertThatThrownBy(() -> loader.parse("u.yaml", "u", text))
                .isInstanceOf(ScenarioException.class)
                .hasMessage(
                        "u.yaml: phase 1 'linger-0': lingr: unknown field (known here: backlog, consumer, duration, faults, name, network, producers, settings, topic, warmup)");
    }

    @Test
    void aFormerSettingNowAKafkaPropertyIsRefusedWithWhereToGiveIt() {
        String text = SWEEP.replace("      lingerMs: 0\n", "      lingerMs: 0\n      bufferMemory: 1048576\n");

        assertThatThrownBy(() -> loader.parse("f.yaml", "f", text))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("f.yaml: phase 1 'linger-0': settings.bufferMemory: unknown field: a Kafka property now:"
                        + " give it in producerConfig as buffer.memory");
    }

    @Test
    void duplicatePhaseNamesAndEmptyPhasesAreRefused() {
        assertThatThrownBy(() -> loader.parse("d.yaml", "d", SWEEP.replace("linger-20", "linger-0")))
                .hasMessageContaining("d.yaml: phase 2 'linger-0': name: is used by an earlier phase");
        assertThatThrownBy(() -> loader.parse("e.yaml", "e", "name: e\nphases: []\n"))
                .hasMessage("e.yaml: phases: must have at least 1 items but found 0");
    }

    @Test
    void brokenYamlIsReportedAsSuch() {
        assertThatThrownBy(() -> loader.parse("y.yaml", "y", "phases: [\n  - name: x\n"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("y.yaml: not valid YAML: ");
    }

    @Test
    void aPhaseTopicIsANameOrALayoutTheRunnerCreates() {
        Scenario s = loader.parse(
                "t.yaml",
                "t",
                SWEEP.replace(
                                "  - name: linger-0\n",
                                "  - name: linger-0\n    topic: {name: 'lab.orders.{phase}', partitions: 10,"
                                        + " configs: {segment.bytes: 1048576}}\n")
                        .replace("  - name: linger-20\n", "  - name: linger-20\n    topic: lab.orders.mine\n"));

        TopicSpec created = s.phases().get(0).topic();
        assertThat(created.name()).isEqualTo("lab.orders.linger-0");
        assertThat(created.created()).isTrue();
        assertThat(created.keep()).isFalse();
        assertThat(created.partitions()).isEqualTo(10);
        assertThat(created.replicationFactorOrDefault()).isEqualTo((short) 3);
        assertThat(created.configs()).containsEntry("segment.bytes", "1048576");
        assertThat(s.phases().get(1).topic()).isEqualTo(TopicSpec.existing("lab.orders.mine"));

        String yaml = new ScenarioWriter().write(s);
        assertThat(loader.parse("again.yaml", "x", yaml).phases()).isEqualTo(s.phases());
    }

    @Test
    void aMissingSampleFileIsRefusedBeforeTheRunStarts() {
        assertThatThrownBy(
                        () -> loader.parse(
                                "s.yaml",
                                "s",
                                SWEEP.replace(
                                        "      lingerMs: 0\n",
                                        "      lingerMs: 0\n      payload: sample\n      payloadFile: /nonexistent/orders.jsonl\n")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("phase 1 'linger-0': settings.payloadFile: /nonexistent/orders.jsonl is outside");
    }

    @Test
    void aShareGroupIsRefusedForAPhaseSentInTransactions() {
        assertThatThrownBy(() -> loader.parse(
                        "t.yaml",
                        "t",
                        SWEEP.replace(
                                "      lingerMs: 0\n",
                                "      lingerMs: 0\n      transactionMs: 100\n    consumer: {listener: share,"
                                        + " workers: 3}\n")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining(
                        "phase 1 'linger-0': consumer.listener: share cannot read a phase sent in" + " transactions");
        assertThat(loader.parse(
                                "t.yaml",
                                "t",
                                SWEEP.replace(
                                        "      lingerMs: 0\n",
                                        "      lingerMs: 0\n    consumer: {listener: share, workers: 3}\n"))
                        .phases())
                .as("without transactions")
                .isNotEmpty();
    }

    @Test
    void aTopicLayoutIsCheckedBeforeAnythingRuns() {
        assertThatThrownBy(() -> loader.parse(
                        "t.yaml",
                        "t",
                        SWEEP.replace(
                                "  - name: linger-0\n",
                                "  - name: linger-0\n    topic: {name: 'lab.orders.x', replicationFactor: 2,"
                                        + " minInsyncReplicas: 3, keep: true}\n")))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactlyInAnyOrder(
                                "t.yaml: phase 1 'linger-0': topic.replicationFactor: needs partitions: a layout is"
                                        + " given only for a topic the runner creates",
                                "t.yaml: phase 1 'linger-0': topic.minInsyncReplicas: needs partitions: a layout is"
                                        + " given only for a topic the runner creates",
                                "t.yaml: phase 1 'linger-0': topic.minInsyncReplicas: must not exceed the replication"
                                        + " factor (2)"));
        assertThatThrownBy(() -> loader.parse(
                        "t.yaml",
                        "t",
                        SWEEP.replace(
                                "  - name: linger-0\n",
                                "  - name: linger-0\n    topic: {name: 'lab.orders.x', partitions: 3, keep: maybe}\n")))
                .hasMessage("t.yaml: phase 1 'linger-0': topic.keep: string found, boolean expected, got 'maybe'");
        assertThatThrownBy(
                        () -> loader.parse(
                                "t.yaml",
                                "t",
                                SWEEP.replace(
                                        "  - name: linger-0\n",
                                        "  - name: linger-0\n    topic: {name: 'lab.orders.x', partitions: 3, replicationFactor: 1}\n")))
                .as("on one replica the lab's min.insync.replicas 2 would refuse every acks=all send")
                .hasMessage("t.yaml: phase 1 'linger-0': topic.minInsyncReplicas: the lab's 2 (not given) must not"
                        + " exceed the replication factor (1)");
    }

    @Test
    void whatThePhaseAndItsDefaultsGiveTogetherIsHeldToTheRulesOfARunnablePhase() {
        String text =
                """
                defaults:
                  warmup: 10s
                  duration: 50s
                  settings: {rate: max, compression: none, lingerMs: 0}
                phases:
                  - name: a
                    backlog: 100
                    faults: [{at: 1s, kill: leader}, {at: 2s, restart: leader}]
                    settings: {batchSize: 1, payloadBytes: 400}
                  - name: b
                    duration: 0s
                    backlog: 5
                """;

        assertThatThrownBy(() -> loader.parse("r.yaml", "r", text))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactlyInAnyOrder(
                                "r.yaml: phase 1 'a': backlog: cannot be combined with rate: max (a backlog is"
                                        + " built at a fixed rate), got 100",
                                "r.yaml: phase 1 'a': faults: need a phase under steady load (not rate: max, not"
                                        + " a backlog)",
                                "r.yaml: phase 2 'b': backlog: cannot be combined with rate: max (a backlog is"
                                        + " built at a fixed rate), got 5",
                                "r.yaml: phase 2 'b': duration: must be more than zero, got '0s'",
                                "r.yaml: phase 2 'b': settings.batchSize: is missing (set it in the phase or in"
                                        + " defaults)",
                                "r.yaml: phase 2 'b': settings.payloadBytes: is missing (set it in the phase or"
                                        + " in defaults)"));
    }

    @Test
    void onePhaseNamingARoundTripMakesTheOthersRunWithNoneAddedOrWithTheDefaults() {
        String far = SWEEP.replace("      lingerMs: 0\n", "      lingerMs: 0\n    network: {rttMs: 40}\n");
        Scenario s = loader.parse("n.yaml", "n", far);
        Scenario defaulted = loader.parse(
                "d.yaml", "d", far.replace("  duration: 50s\n", "  duration: 50s\n  network: {rttMs: 5}\n"));

        assertThat(s.phases())
                .extracting(Phase::network)
                .containsExactly(new NetworkDelay(40, 0, 0, NetworkDelay.BROKER_RECEIVE_BUFFER), NetworkDelay.NONE);
        assertThat(defaulted.phases()).extracting(p -> p.network().rttMs()).containsExactly(40.0, 5.0);
        assertThat(loader.parse("sweep.yaml", "x", SWEEP).phases())
                .extracting(Phase::network)
                .containsOnlyNulls();
    }

    private static final String LAB_ONLY = ": must start with lab. (the lab writes, creates and deletes only topics"
            + " named lab.*) followed by letters, digits, dots, underscores, hyphens or the phase placeholder, got ";

    @Test
    void aTopicOutsideLabIsRefusedWhenTheScenarioIsLoaded() {
        assertThatThrownBy(() -> loader.parse(
                        "t.yaml",
                        "t",
                        SWEEP.replace("  - name: linger-0\n", "  - name: linger-0\n    topic: orders\n")
                                .replace(
                                        "  - name: linger-20\n",
                                        "  - name: linger-20\n    topic: {name: '{phase}.lab.x', partitions: 3}\n")))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactlyInAnyOrder(
                                "t.yaml: phase 1 'linger-0': topic" + LAB_ONLY + "'orders'",
                                "t.yaml: phase 2 'linger-20': topic.name" + LAB_ONLY + "'{phase}.lab.x'"));
    }

    @Test
    void rateMaxAndUnthrottledAndTheNewSettingsAreRead() {
        Scenario s = loader.parse(
                "m.yaml",
                "m",
                SWEEP.replace("      lingerMs: 0\n", "      lingerMs: 0\n      rate: max\n")
                        .replace(
                                "      compression: lz4\n",
                                "      compression: zstd\n      rate: unthrottled\n      compressionLevel: 9\n"
                                        + "      payload: random-hex\n"));

        assertThat(s.phases().get(0).maxRate()).isTrue();
        assertThat(s.phases().get(0).settings().rate()).isEqualTo(ScenarioLoader.MAX_RATE_SEARCH_START);
        ProducerSettings unthrottled = s.phases().get(1).settings();
        assertThat(unthrottled.unthrottled()).isTrue();
        assertThat(unthrottled.compressionLevel()).isEqualTo(9);
        assertThat(unthrottled.payload()).isEqualTo(PayloadKind.RANDOM_HEX);
        assertThat(loader.parse("again.yaml", "x", new ScenarioWriter().write(s))
                        .phases())
                .isEqualTo(s.phases());
    }

    @Test
    void writtenScenarioReadsBackTheSame() {
        Scenario s = loader.parse("sweep.yaml", "x", SWEEP).withTiming(new TimingOverride(Duration.ofSeconds(5), null));

        String yaml = new ScenarioWriter().write(s);

        assertThat(loader.parse("written.yaml", "x", yaml)).isEqualTo(s);
        assertThat(yaml).contains("warmup: 5s").contains("duration: 1m30s").doesNotContain("defaults");
    }

    @Test
    void aScenarioRunsOnceUnlessItSaysRepeat() {
        assertThat(loader.parse("sweep.yaml", "x", SWEEP).repeat()).isEqualTo(1);
        assertThat(loader.parse("sweep.yaml", "x", "repeat: 3\n" + SWEEP).repeat())
                .isEqualTo(3);
    }

    @Test
    void aRepeatOutsideOneToTwentyIsRefusedNamingTheField() {
        for (String bad : List.of("0", "21", "-1", "2.5", "'3'", "many", "[2]")) {
            assertThatThrownBy(() -> loader.parse("r.yaml", "r", "repeat: " + bad + "\n" + SWEEP))
                    .as(bad)
                    .isInstanceOf(ScenarioException.class)
                    .satisfies(e -> assertThat(((ScenarioException) e).problems())
                            .singleElement()
                            .asString()
                            .startsWith("r.yaml: repeat: ")
                            .containsPattern("value of (1|" + Scenario.MAX_REPEAT + "), got|found, integer expected"));
        }
    }

    @Test
    void aWrittenScenarioKeepsItsRepeat() {
        Scenario s = loader.parse("sweep.yaml", "x", "repeat: 4\n" + SWEEP);

        String yaml = new ScenarioWriter().write(s);

        assertThat(yaml).contains("repeat: 4");
        assertThat(loader.parse("written.yaml", "x", yaml)).isEqualTo(s);
        assertThat(new ScenarioWriter().write(loader.parse("sweep.yaml", "x", SWEEP)))
                .doesNotContain("repeat");
    }

    @Test
    void theRepositoryScenariosAreValid() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(Path.of("..", "scenarios"))) {
            files = list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("linger-sweep.yaml", "load-ramp.yaml");

        for (Path f : files) {
            Scenario s = loader.load(f);
            assertThat(s.phases()).as(f.toString()).isNotEmpty();
        }
        Scenario sweep = loader.load(Path.of("..", "scenarios", "linger-sweep.yaml"));
        Scenario ramp = loader.load(Path.of("..", "scenarios", "load-ramp.yaml"));
        assertThat(sweep.phases()).extracting(p -> p.settings().lingerMs()).containsExactly(0, 5, 10, 20);
        assertThat(ramp.phases()).extracting(p -> p.settings().lingerMs()).containsExactly(0, 5, 10, 20);
        assertThat(ramp.phases().get(0).settings().rate())
                .isEqualTo(5 * sweep.phases().get(0).settings().rate());
        // A demo stays short: about a minute per phase.
        assertThat(sweep.phases()).allSatisfy(p -> assertThat(p.total()).isEqualTo(Duration.ofMinutes(1)));
    }

    @Test
    void consumerSettingsOfOnePhaseMakeEveryPhaseNameThemAndRoundTrip() {
        String text =
                """
                defaults:
                  settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                  warmup: 1s
                  duration: 5s
                phases:
                  - name: as-is
                  - name: batch-50-per-key
                    consumer: {maxPollRecords: 50, commit: batch, processing: per-key, workers: 50, workMicros: 1000}
                """;

        Scenario s = loader.parse("c.yaml", "c", text);

        assertThat(s.phases().get(0).consumer()).isEqualTo(ConsumerSettings.DEFAULTS);
        ConsumerSettings perKey = s.phases().get(1).consumer();
        assertThat(perKey.describe()).isEqualTo("batch 50, per-key x 50, commit batch async, wait 1000 µs");
        assertThat(loader.parse("again.yaml", "c", new ScenarioWriter().write(s))
                        .phases())
                .extracting(Phase::consumer)
                .containsExactly(ConsumerSettings.DEFAULTS, perKey);
        assertThat(loader.parse("none.yaml", "n", text.replace("    consumer:", "    #"))
                        .phases())
                .extracting(Phase::consumer)
                .containsOnlyNulls();
    }

    @Test
    void consumerSettingsTheEndpointWouldRefuseAreRefusedNamingTheField() {
        String text =
                """
                defaults:
                  settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                  warmup: 1s
                  duration: 5s
                  consumer: {workMicros: 1000}
                phases:
                  - name: bad
                    consumer: {listener: record, processing: per-key, maxPollRecord: 5}
                """;

        assertThatThrownBy(() -> loader.parse("c.yaml", "c", text))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactly("c.yaml: phase 1 'bad': consumer.maxPollRecord: unknown field (known here:"
                                + " commit, commitCount, commitIntervalMs, commitSync, consumerConfig,"
                                + " listener, maxPollRecords,"
                                + " processing, work, workMicros, workers)"));
        assertThatThrownBy(() -> loader.parse("c.yaml", "c", text.replace(", maxPollRecord: 5", "")))
                .hasMessageContaining("c.yaml: phase 1 'bad': consumer.processing: per-key spreads a batch"
                        + " over workers: it needs listener batch");
    }

    @Test
    void faultStepsAreReadInTimeOrderAndChecked() {
        String text =
                """
                defaults:
                  warmup: 5s
                  duration: 60s
                  settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                phases:
                  - name: killed
                    settings: {acks: 1}
                    faults:
                      - {at: 10s, kill: leader}
                      - {at: 15s, stop: kafka-3}
                      - {at: 40s, restart: leader}
                      - {at: 41s, restart: 3}
                      - {at: 42s, stop: consumer-3}
                      - {at: 43s, kill: consumer-2}
                      - {at: 50s, restart: consumer-2}
                      - {at: 55s, restart: consumer-3}
                """;

        Phase p = loader.parse("f.yaml", "f", text).phases().get(0);

        assertThat(p.faults())
                .containsExactly(
                        new TimedFault(Duration.ofSeconds(10), TimedFault.Action.KILL, "leader"),
                        new TimedFault(Duration.ofSeconds(15), TimedFault.Action.STOP, "kafka-3"),
                        new TimedFault(Duration.ofSeconds(40), TimedFault.Action.RESTART, "leader"),
                        new TimedFault(Duration.ofSeconds(41), TimedFault.Action.RESTART, "3"),
                        new TimedFault(Duration.ofSeconds(42), TimedFault.Action.STOP, "consumer-3"),
                        new TimedFault(Duration.ofSeconds(43), TimedFault.Action.KILL, "consumer-2"),
                        new TimedFault(Duration.ofSeconds(50), TimedFault.Action.RESTART, "consumer-2"),
                        new TimedFault(Duration.ofSeconds(55), TimedFault.Action.RESTART, "consumer-3"));
        assertThat(p.faults().stream().filter(TimedFault::onConsumer).map(TimedFault::describe))
                .containsExactly(
                        "stop consumer-app 3 at 42s",
                        "kill consumer-app 2 at 43s",
                        "restart consumer-app 2 at 50s",
                        "restart consumer-app 3 at 55s");
        assertThat(p.settings().acks().kafkaValue()).isEqualTo("1");
    }

    @Test
    void faultStepsThatCouldLeaveABrokerInAnUnknownStateAreRefused() {
        String text =
                """
                defaults:
                  warmup: 5s
                  duration: 60s
                  settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                phases:
                  - name: bad
                    faults:
                      - {at: 10s, restart: 2}
                      - {at: 70s, kill: 1}
                      - {at: 71s, kill: 1}
                  - name: consumers
                    faults:
                      - {at: 1s, restart: consumer-1}
                      - {at: 2s, kill: consumer-2}
                      - {at: 3s, stop: consumer-2}
                """;

        assertThatThrownBy(() -> loader.parse("bad.yaml", "bad", text))
                .isInstanceOf(ScenarioException.class)
                .satisfies(
                        e -> assertThat(((ScenarioException) e).problems())
                                .containsExactlyInAnyOrder(
                                        "bad.yaml: phase 1 'bad': faults[1]: restart 2 needs an earlier kill or stop of it in the phase",
                                        "bad.yaml: phase 1 'bad': faults[2].at: must be inside the measured window (under 1m)",
                                        "bad.yaml: phase 1 'bad': faults[3]: broker 1 is already down at that point",
                                        "bad.yaml: phase 1 'bad': faults[3].at: must be inside the measured window (under 1m)",
                                        "bad.yaml: phase 1 'bad': faults: broker 1 is still down when the phase ends: add a restart of it (a run leaves no broker down behind it, and what it measures of a phase's topic needs every broker)",
                                        "bad.yaml: phase 2 'consumers': faults[1]: restart consumer-1 needs an earlier kill or stop of it in the phase (every phase starts with all consumer-app instances up)",
                                        "bad.yaml: phase 2 'consumers': faults[3]: consumer-2 is already down at that point",
                                        "bad.yaml: phase 2 'consumers': faults: consumer-2 is still down when the phase ends: add a restart of it (every phase starts with all consumer-app instances up)"));
    }

    @Test
    void faultStepsOfTheWrongShapeAreRefusedByTheSchemaNamingTheStep() {
        String text =
                """
                defaults:
                  warmup: 5s
                  duration: 60s
                  settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                phases:
                  - name: bad
                    faults:
                      - {at: 5s, kill: 1, stop: 2}
                      - {at: 72s, kill: kafka-x}
                  - name: consumers
                    faults:
                      - {at: 4s, kill: consumer-9}
                      - {at: 5s, kill: consumer-0}
                """;
        String target = ": must be leader, a node id (1 to 99), kafka-N or consumer-N (N up to 8), got ";

        assertThatThrownBy(() -> loader.parse("bad.yaml", "bad", text))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactlyInAnyOrder(
                                "bad.yaml: phase 1 'bad': faults[1]: needs exactly one of kill, stop or restart",
                                "bad.yaml: phase 1 'bad': faults[2].kill" + target + "'kafka-x'",
                                "bad.yaml: phase 2 'consumers': faults[1].kill" + target + "'consumer-9'",
                                "bad.yaml: phase 2 'consumers': faults[2].kill" + target + "'consumer-0'"));
    }

    @Test
    void whatARecordOrTheSettingsReadersRefuseWhenBoundIsNamedByItsPath() {
        String text = SWEEP.replace(
                        "      lingerMs: 0\n",
                        "      lingerMs: 0\n      compression: gzip\n      compressionLevel: 12\n")
                .replace("    warmup: 0s\n", "    warmup: 200h\n");

        assertThatThrownBy(() -> loader.parse("b.yaml", "b", text))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactlyInAnyOrder(
                                "b.yaml: phase 1 'linger-0': settings.compressionLevel: must be an integer from 1 to 9;"
                                        + " got 12",
                                "b.yaml: phase 2 'linger-20': warmup: '200h' is longer than the 168h a duration may be"
                                        + " here"));
        assertThatThrownBy(() -> loader.parse(
                        "n.yaml",
                        "n",
                        SWEEP.replace(
                                "      lingerMs: 0\n",
                                "      lingerMs: 0\n"
                                        + "    faults: [{at: 5s, kill: leader}, {at: 200h, restart: leader}]\n")))
                .hasMessage(
                        "n.yaml: phase 1 'linger-0': faults[2].at: '200h' is longer than the 168h a duration may be here");
        assertThatThrownBy(() -> loader.parse(
                        "n.yaml",
                        "n",
                        SWEEP.replace(
                                "      lingerMs: 0\n", "      lingerMs: 0\n    network: {rttMs: 10, jitterMs: 20}\n")))
                .hasMessage("n.yaml: phase 1 'linger-0': network: jitterMs must not exceed rttMs");
    }

    @Test
    void morePhasesThanOneRunHasIdsForAndMorePartitionsThanTheLedgerHoldsAreRefusedUpFront() {
        StringBuilder many = new StringBuilder("repeat: 20\ndefaults:\n  warmup: 1s\n  duration: 1s\n  settings:"
                + " {lingerMs: 0, batchSize: 16384, compression: none, rate: 100, payloadBytes: 400}\nphases:\n");
        for (int i = 0; i < 50; i++) {
            many.append("  - {name: p").append(i).append(", settings: {}}\n");
        }
        assertThatThrownBy(() -> loader.parse("many.yaml", "many", many.toString()))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .anySatisfy(p -> assertThat(p).contains("1000 phases").contains("999")));
        String wide = many.toString()
                .replace("repeat: 20", "repeat: 1")
                .replace(
                        "{name: p0, settings: {}}",
                        "{name: p0, settings: {}, topic: {name: lab.orders.w, partitions: 10001}}");
        assertThatThrownBy(() -> loader.parse("wide.yaml", "wide", wide))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .anySatisfy(p -> assertThat(p).contains("partitions").contains("10000")));
    }

    @Test
    void aKeyGivenTwiceIsRefusedNotTakenSilently() {
        String twice = SWEEP.replace("phases:", "repeat: 2\nrepeat: 3\nphases:");
        assertThatThrownBy(() -> loader.parse("twice.yaml", "twice", twice))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .anySatisfy(p ->
                                assertThat(p).containsIgnoringCase("duplicate").contains("repeat")));
    }
}
