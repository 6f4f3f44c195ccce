package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.topics.TopicOwnership;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole comparison against the HTTP double of the apps and Kafka's tools played back from real outputs. */
class CompareRunTest {

    /** The lab's stop: keys, topic and header back to what scenarios send. */
    private static final String STOP = "POST /actuator/producer {\"keyStrategy\":\"order-id\",\"running\":false,"
            + "\"phase\":0,\"topic\":\"lab.orders\",\"header\":true}";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<String> floors = new java.util.ArrayList<>();

    /** The stack's process ids compare is given (none: no CPU by thread). */
    private record Pins(Long producer, List<Long> others) {}

    private Pins pins = new Pins(null, List.of());
    /** ProducerPerformance's warm-up beyond the lab's: none, so the tool's 10 s window after 10 s is 12,165/s. */
    private Duration toolJvmWarmup = Duration.ZERO;
    /** The bench topic's records as the CPU window counts them: 60,000 more at each look. */
    private final java.util.concurrent.atomic.AtomicLong toolRecords = new java.util.concurrent.atomic.AtomicLong();
    /** How many of the first reads of the bench topic's records find none added: a tool's JVM starting. */
    private final java.util.concurrent.atomic.AtomicInteger flatReads = new java.util.concurrent.atomic.AtomicInteger();

    /** The double's floor: p50 1.4 ms against the fake lab's 1.5 ms at linger 0. */
    private static final Floor FLOOR = new Floor(
            500,
            2.0,
            20.0,
            new Percentiles(1.12, 1.4, 1.6, 1.7, 2.1, 3.0, 4.0),
            new Percentiles(0.96, 1.2, 1.4, 1.5, 1.9, 2.8, 3.9),
            ClosedLoopFloor.producerSettings(16384),
            FloorFetch.LAB.consumerSettings());

    /** On the lab's own brokers. */
    private CompareResult run(FakeLab lab, FakeTime time, ScriptedTools tools, Path dir, int rounds)
            throws IOException {
        return run(lab, time, tools, dir, rounds, new TopicOwnership("127.0.0.1:9092", true));
    }

    private CompareResult run(
            FakeLab lab, FakeTime time, ScriptedTools tools, Path dir, int rounds, TopicOwnership ownership)
            throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.writeString(lib.resolve("kafka-tools-4.2.1.jar"), "");
        CompareSettings settings = new CompareSettings(
                Duration.ofSeconds(30),
                Duration.ofSeconds(10),
                toolJvmWarmup,
                Duration.ofSeconds(10),
                5,
                16384,
                50,
                rounds,
                "lab.orders",
                "lab.compare",
                "127.0.0.1:9092",
                lib,
                lab.url(),
                lab.url(),
                Duration.ofSeconds(30),
                100_000,
                pins.producer(),
                pins.others());
        JsonHttp http = new JsonHttp();
        return new CompareRun(
                        settings,
                        new ProducerClient(http, lab.url()),
                        new ConsumerClient(http, lab.url()),
                        new KafkaTools(Path.of("java"), lib, "127.0.0.1:9092"),
                        tools,
                        new FloorProbe() {
                            @Override
                            public Floor measure(String topic, int records, Duration pace, FloorFetch fetch) {
                                floors.add(topic + " " + records + " " + fetch + ", pace " + pace);
                                return FLOOR;
                            }

                            @Override
                            public int warmupRecords() {
                                return 5_000;
                            }

                            @Override
                            public void close() {
                                floors.add("closed");
                            }
                        },
                        ownership,
                        topic -> flatReads.getAndDecrement() > 0 ? toolRecords.get() : toolRecords.addAndGet(60_000),
                        dir.resolve("tools"),
                        time,
                        time,
                        new PrintStream(out, true, StandardCharsets.UTF_8))
                .procRoot(proc(dir))
                .run("scripts/lab compare --duration 10s");
    }

    /**
     * A /proc with the stack's processes (the producer-app 41, two others) but none of their threads or
     * times: the CPU windows read it and find nothing to add.
     */
    private static Path proc(Path dir) throws IOException {
        Path proc = dir.resolve("proc");
        for (long pid : new long[] {41, 42, 43}) {
            Files.createDirectories(proc.resolve(Long.toString(pid)));
        }
        return proc;
    }

    @Test
    void alternatesLabAndToolOnTheSameStackAndJudgesBothGoals(@TempDir Path dir) throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt");
        pins = new Pins(41L, List.of(42L, 43L));
        try (FakeLab lab = new FakeLab(time)) {
            List<String> commitAtDrainDeletes = Collections.synchronizedList(new ArrayList<>());
            tools.watcher = c -> {
                if (c.contains("--delete") && c.stream().anyMatch(a -> a.contains("drain"))) {
                    commitAtDrainDeletes.add(lab.consumerCommit());
                }
            };
            CompareResult r = run(lab, time, tools, dir, 2);

            assertThat(r.complete()).as(r.stopReason()).isTrue();
            assertThat(commitAtDrainDeletes)
                    .as("a drained topic is deleted only once the consumer-app commits by its container: under"
                            + " commit auto the Kafka consumer's rebalance retries the deleted partitions' commit")
                    .hasSize(7)
                    .doesNotContain("auto");
            assertThat(tools.mainClasses())
                    .as("warnings: %s", r.warnings())
                    .containsExactly(
                            "TopicCommand --describe",
                            "TopicCommand --delete",
                            "TopicCommand --create",
                            "ProducerPerformance",
                            "ProducerPerformance",
                            // No core is taken from the others for the producer (no taskset).
                            // CPU round 1: the lab's, the lab's records read by the tool, then both tools at
                            // the same rate.
                            "ConsumerPerformance",
                            "ConsumerPerformance",
                            "ProducerPerformance",
                            // CPU round 2 in the reverse order: both tools, then the lab's records read by the tool.
                            "ConsumerPerformance",
                            "ProducerPerformance",
                            "ConsumerPerformance",
                            // The consumer's warm-up drains: their backlog topic made anew, then deleted.
                            "TopicCommand --delete",
                            "TopicCommand --create",
                            "TopicCommand --delete",
                            // Each consumer round: its backlog topic made anew, read by the tool, deleted.
                            "TopicCommand --delete",
                            "TopicCommand --create",
                            "ConsumerPerformance",
                            "TopicCommand --delete",
                            "TopicCommand --delete",
                            "TopicCommand --create",
                            "ConsumerPerformance",
                            "TopicCommand --delete",
                            "EndToEndLatency",
                            "EndToEndLatency",
                            "TopicCommand --delete",
                            "TopicCommand --delete");
            assertConsumerRounds(r, tools, lab);
            assertCpuWindow(r, tools);
            // The fake producer acknowledges exactly the asked 200,000 records/s; the tool's 10 s window after 10 s is
            // 12,165/s.
            assertThat(r.throughput()).hasSize(2);
            assertThat(r.throughput())
                    .extracting(CompareResult.ThroughputRound::labFirst)
                    .containsExactly(true, false);
            assertThat(r.latency())
                    .extracting(CompareResult.LatencyRound::labFirst)
                    .containsExactly(true, false);
            assertThat(r.throughput().get(0).lab().ackedPerSec()).isCloseTo(200_000, within(1.0));
            assertThat(r.throughput().get(0).lab().lateRatio())
                    .as("the acked counter read halfway: the fake's steady rate is the same in both halves")
                    .isCloseTo(1.0, within(0.001));
            assertThat(r.throughput().get(0).lab().half())
                    .isEqualTo(r.throughput().get(0).lab().start().plusSeconds(5));
            assertThat(r.throughput().get(0).toolMeasured().recordsPerSec()).isCloseTo(12_165, within(1.0));
            assertThat(r.throughput().get(0).toolMeasured().lateRatio())
                    .as("10-15 s at 11,985/s, 15-20 s at 12,345/s")
                    .isCloseTo(12_345.3 / 11_985, within(0.001));
            assertThat(r.throughputVerdict().status()).isEqualTo(Verdict.Standing.MET);
            // The tool gets more records than it can send and is stopped after its warm-up, its window and 2 s for
            // its last interval line; its first records reached the topic at once here.
            assertThat(r.throughput().get(0).toolRanFor()).isEqualTo("22s");
            assertThat(r.throughput().get(0).toolCommand())
                    .containsSequence("--num-records", "1000000000")
                    .containsSequence("--reporting-interval", "1000")
                    .containsSequence(
                            "--command-property",
                            "linger.ms=5",
                            "batch.size=16384",
                            "compression.type=none",
                            "acks=all",
                            "enable.idempotence=true")
                    .containsSequence("--topic", "lab.compare");
            // The fake's p50 at linger 0 is 1.5 ms; the real EndToEndLatency output says 2 ms.
            assertThat(r.latency()).hasSize(2);
            assertThat(r.latency().get(0).lab().latencyMs().p50()).isEqualTo(1.5);
            assertThat(r.latencyVerdict().ratio()).isCloseTo(0.75, within(1e-9));
            assertThat(r.latencyVerdict().status()).isEqualTo(Verdict.Standing.MET);
            // As many records as the tool, on the bench topic: the paced floor (the lab's 50 records/s and fetch
            // settings) next to the lab in both orders (lab, paced, tool, busy-poll; then tool, busy-poll, paced,
            // lab), the busy-poll bound back to back next to the tool; one probe for the whole comparison.
            assertThat(floors)
                    .containsExactly(
                            "lab.compare 500 LAB, pace PT0.02S",
                            "lab.compare 500 BUSY_POLL, pace PT0S",
                            "lab.compare 500 BUSY_POLL, pace PT0S",
                            "lab.compare 500 LAB, pace PT0.02S",
                            "closed");
            assertThat(r.latency().get(0).floorRatio()).isCloseTo(1.5 / 1.4, within(1e-9));
            assertThat(r.floorVerdict().status()).isEqualTo(Verdict.Standing.MET);
            // The realistic lab after each throughput pair: the fake acks 200,000/s whatever it is sent.
            assertThat(r.throughput().get(1).labRealistic().ackedPerSec()).isCloseTo(200_000, within(1.0));
            assertThat(r.throughput().get(1).realismRatio()).isCloseTo(1.0, within(1e-6));
            // Publish delay at half the realistic ceiling: the window is phase 2, warm-up phase 1.
            assertThat(r.publishDelay().rate()).isEqualTo(100_000);
            assertThat(r.publishDelay().publishDelayMs().p99()).isEqualTo(0.2);
            assertThat(r.publishDelayVerdict().status()).isEqualTo(Verdict.Standing.MET);
            assertThat(r.setup().benchLayout()).isEqualTo(new TopicLayout(3, 3, 2));
            assertThat(r.setup().kafkaTools()).isEqualTo("kafka-tools 4.2.1");

            List<String> posts = lab.log().stream()
                    .filter(l -> l.startsWith("POST /actuator/producer"))
                    .toList();
            assertEveryWindowReleasedBeforeTheNextLoad(lab.log());
            // The consumer-app is paused for each lab throughput window (2 per round) and resumed after it,
            // and each lab latency window (1 per round), read under its own phase id, is released; each
            // consumer round forgets its topic's ledger, pauses for each of its 2 backlogs, resumes, pauses
            // and releases for each drain, and resumes at its end; the warm-up drains before round 1 do the same;
            // each CPU round pauses it while ConsumerPerformance reads the lab's records, and resumes it; the
            // publish-delay window and each CPU round's two read windows release their phases.
            assertThat(lab.log())
                    .filteredOn(l -> l.startsWith("POST /actuator/latency"))
                    .hasSize(8 + 2 * 2 + 3 * (1 + 2 + 2 * 3 + 1) + 2 + 1 + 2 * 2);
            String unthrottled = "POST /actuator/producer {\"lingerMs\":5,\"batchSize\":16384,\"compression\":\"none\","
                    + "\"rate\":-1.0,\"payloadBytes\":400,\"keyStrategy\":\"none\",\"payload\":\"fixed\",\"acks\":\"all\",\"transactionMs\":0,\"abortEvery\":0,\"pacing\":\"bursts\",\"producerConfig\":{},\"running\":true,\"phase\":0,\"topic\":\"lab.orders\",\"header\":true}";
            String realistic = unthrottled
                    .replace(
                            "\"keyStrategy\":\"none\",\"payload\":\"fixed\"",
                            "\"keyStrategy\":\"order-id\",\"payload\":\"words\"")
                    .replace("\"pacing\":\"bursts\"", "\"pacing\":\"even\"");
            // The tool's work exactly: no header, on the tool's own topic.
            String sameWork = unthrottled.replace(
                    "\"topic\":\"lab.orders\",\"header\":true", "\"topic\":\"lab.compare\",\"header\":false");
            assertThat(posts).filteredOn(realistic::equals).hasSize(2);
            // Half the ceiling: the publish-delay window on shared cores, then CPU round 1: the realistic lab,
            // the same load read by ConsumerPerformance, the producer-app doing the tool's work (no header, the
            // tool's topic) at the same rate; round 2 in the reverse order.
            List<String> atHalf =
                    posts.stream().filter(p -> p.contains("\"rate\":100000.0")).toList();
            assertThat(atHalf).hasSize(1 + 2 * 3);
            assertThat(List.of(atHalf.get(0), atHalf.get(1), atHalf.get(2), atHalf.get(5), atHalf.get(6)))
                    .allSatisfy(p -> assertThat(p)
                            .contains("\"payload\":\"words\"", "\"pacing\":\"even\"", "\"topic\":\"lab.orders\"")
                            .doesNotContain("\"phase\":0"));
            // Records without the header belong to no phase: the producer-app refuses one with them.
            assertThat(List.of(atHalf.get(3), atHalf.get(4))).allSatisfy(p -> assertThat(p)
                    .contains("\"keyStrategy\":\"none\",\"payload\":\"fixed\"")
                    // Paced as ProducerPerformance paces: equal work includes the wakes.
                    .contains("\"pacing\":\"bursts\"")
                    .contains("\"phase\":0,\"topic\":\"lab.compare\",\"header\":false"));
            // stop, stack warm-up (the lab's own load), then the lab's two throughput windows, each followed by a stop
            assertThat(posts.subList(0, 6)).containsExactly(STOP, unthrottled, STOP, sameWork, STOP, realistic);
            assertThat(posts).filteredOn(unthrottled::equals).hasSize(1);
            assertThat(posts).filteredOn(sameWork::equals).hasSize(2);
            assertThat(posts)
                    .filteredOn(p -> p.contains("\"rate\":50.0"))
                    .hasSize(2)
                    .allMatch(p -> p.contains("\"lingerMs\":0"));
            assertThat(posts.get(posts.size() - 1)).isEqualTo(STOP);
            assertThat(lab.log()).containsOnlyOnce("DELETE /actuator/latency");
            // Each lab latency window is a phase of its own (nothing else's records in it, no reset
            // needed), as are the publish-delay window and what follows it.
            assertThat(lab.log()).doesNotContain("DELETE /actuator/latency?scope=phases");
            assertThat(posts)
                    .filteredOn(p -> p.matches("POST /actuator/producer \\{\"phase\":\\d+}"))
                    // publish delay, per CPU round the realistic window and the window ConsumerPerformance reads
                    // (the tool's-work window is in no phase), one per latency round
                    .hasSize(2 + 2 * (2 + 2) + 1 + 1);
        }
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("throughput 2/2, ProducerPerformance: 12,165 records/s acked");
    }

    /**
     * A window's phases are let go of before the next load starts, as a scenario run does: a phase still held
     * is exported at every scrape, and the consumer-app's CPU in the windows after would pay for it.
     */
    private static void assertEveryWindowReleasedBeforeTheNextLoad(List<String> log) {
        Pattern entered = Pattern.compile("POST /actuator/producer \\{\"phase\":(\\d+)}");
        Pattern released = Pattern.compile("POST /actuator/latency/release \\{\"throughPhase\":(\\d+)}");
        int held = 0;
        int windows = 0;
        for (String line : log) {
            Matcher e = entered.matcher(line);
            Matcher r = released.matcher(line);
            if (e.matches()) {
                held = Math.max(held, Integer.parseInt(e.group(1)));
            } else if (r.matches() && Integer.parseInt(r.group(1)) >= held) {
                held = 0;
            } else if (line.startsWith("POST /actuator/producer {") && line.contains("\"running\":true")) {
                assertThat(held)
                        .as("phase %d still held when the next load started: %s", held, line)
                        .isZero();
                windows++;
            }
        }
        assertThat(windows).isGreaterThan(10);
    }

    /**
     * Two rounds, lab first then tool first: each listener drains a backlog of its own, the tool
     * reads as many records of the same topic, and the consumer-app's settings are put back after.
     */
    private static void assertConsumerRounds(CompareResult r, ScriptedTools tools, FakeLab lab) {
        assertThat(r.consumer()).hasSize(2);
        CompareResult.ConsumerRound first = r.consumer().get(0);
        assertThat(first.record().listener()).isEqualTo(ListenerType.RECORD);
        assertThat(first.batch().listener()).isEqualTo(ListenerType.BATCH);
        // Exactly the backlog: the producer stops by itself at the count (a stop on seeing it came thousands late).
        assertThat(first.record().records()).isEqualTo(100_000);
        // The fake drains 400,000 records/s from the resume.
        assertThat(first.batch().recordsPerSec()).isCloseTo(400_000, within(1.0));
        // The tool reads both backlogs and is timed over the second: in its real output, 129,378 to 349,722
        // records in 0.506 s.
        assertThat(first.toolCommand())
                .containsSequence("--topic", "lab.orders.compare-drain-r1")
                .containsSequence(
                        "--num-records",
                        Long.toString(first.record().records() + first.batch().records()))
                .containsSequence("--show-detailed-stats", "--reporting-interval", "100")
                .contains("--group");
        assertThat(first.tool().warmFrom()).isEqualTo(129_378);
        assertThat(first.tool().recordsPerSec()).isCloseTo(220_344 / 0.506, within(1e-6));
        assertThat(r.consumerVerdict().ratio()).isCloseTo(400_000 / (220_344 / 0.506), within(1e-6));
        assertThat(r.recordListenerVerdict().goal()).contains("record listener");
        List<String> consumerPosts = lab.log().stream()
                .filter(l -> l.startsWith("POST /actuator/consumer"))
                .toList();
        // ConsumerPerformance's fetch settings once, before the stack warm-up (the CPU windows keep them);
        // commit by the container, record, batch for the warm-up drains before round 1; record, batch per round,
        // each drain topic deleted after commit by the container again; then the settings from before,
        // consumerConfig emptied, before the latency part (and once more on the way out).
        assertThat(consumerPosts).as(String.join("\n", consumerPosts)).hasSize(13);
        assertThat(consumerPosts.stream().filter(p -> p.endsWith("{\"commit\":\"batch\"}")))
                .hasSize(4);
        List<String> log = lab.log();
        int restored = log.indexOf(consumerPosts.get(11));
        int lowRate = java.util.stream.IntStream.range(0, log.size())
                .filter(i -> log.get(i).contains("\"rate\":50.0"))
                .findFirst()
                .orElseThrow();
        assertThat(restored).isLessThan(lowRate);
        // Set before the stack warm-up's load: the listener is not restarted inside a measured window.
        int unthrottled = java.util.stream.IntStream.range(0, log.size())
                .filter(i -> log.get(i).contains("\"rate\":-1.0"))
                .findFirst()
                .orElseThrow();
        assertThat(log.indexOf(consumerPosts.get(0))).isLessThan(unthrottled);
        assertThat(consumerPosts.get(0))
                .doesNotContain("listener")
                .contains("\"receive.buffer.bytes\":\"2097152\"")
                .contains("\"check.crcs\":\"false\"");
        assertThat(consumerPosts.get(2))
                .contains("\"listener\":\"record\"")
                .contains("\"receive.buffer.bytes\":\"2097152\"")
                .contains("\"check.crcs\":\"false\"");
        assertThat(consumerPosts.get(3)).contains("\"listener\":\"batch\"");
        assertThat(consumerPosts.get(6)).contains("\"listener\":\"batch\"");
        assertThat(consumerPosts.get(11)).contains("\"listener\":\"batch\"").doesNotContain("receive.buffer.bytes");
    }

    /**
     * The lab's window, then the tools': half a core for each app (the fake's JVMs), half a CPU-second
     * per look at a tool; the bench topic 60,000 records further at each look.
     */
    private static void assertCpuWindow(CompareResult r, ScriptedTools tools) {
        assertThat(r.cpuRounds()).hasSize(2);
        CompareResult.CpuCost c = r.cpuRounds().get(0);
        CompareResult.CpuCost second = r.cpuRounds().get(1);
        // The second round runs its windows in the reverse order: the tools first, the lab's last.
        assertThat(second.producerPerformance().from())
                .isAfter(c.producerPerformance().from())
                .isBefore(second.producerAppToolsWork().from());
        assertThat(second.consumerPerformanceLabRecords().from())
                .isBefore(second.producerApp().from());
        // The tables add the rounds up.
        assertThat(r.cpu().producerApp().seconds()).isCloseTo(20.0, within(0.02));
        assertThat(r.cpu().consumerApp().records())
                .isEqualTo(c.consumerApp().records() + second.consumerApp().records());
        assertThat(r.producerCpuVerdict().text()).contains("median of 2 rounds");
        assertThat(c.rate()).isEqualTo(100_000);
        assertThat(c.producerApp().seconds()).isCloseTo(10.0, within(0.01));
        assertThat(c.producerApp().cpuSeconds()).isCloseTo(0.5 * c.producerApp().seconds(), within(1e-3));
        assertThat(c.producerApp().records()).isCloseTo(1_000_000, within(1_000L));
        assertThat(c.consumerApp().records()).isEqualTo(c.producerApp().records());
        assertThat(c.producerPerformance().cpuSeconds()).isCloseTo(0.5, within(1e-9));
        assertThat(c.consumerPerformance().records()).isEqualTo(60_000);
        assertThat(c.producerPerformance().seconds()).isCloseTo(10.0, within(0.01));
        // The producer judged on the window where the producer-app does the tool's work.
        assertThat(c.producerAppToolsWork().process()).isEqualTo("producer-app (the tool's work)");
        assertThat(c.producerAppToolsWork().seconds()).isCloseTo(10.0, within(0.01));
        assertThat(c.producerAppToolsWork().records()).isCloseTo(1_000_000, within(1_000L));
        assertThat(c.producerAppToolsWork().from()).isAfter(c.producerApp().from());
        assertThat(r.producerCpuVerdict().goal())
                .isEqualTo(
                        "producer-app (the tool's work) less its JIT / ProducerPerformance less its JIT CPU per record"
                                + " <= 1.2");
        // The consumer judged on the same records: the tool reads the lab topic in a window of its own.
        assertThat(c.consumerPerformanceLabRecords().process()).isEqualTo(CpuWindow.TOOL_ON_LAB_RECORDS);
        assertThat(c.consumerPerformanceLabRecords().seconds()).isCloseTo(10.0, within(0.01));
        assertThat(c.consumerPerformanceLabRecords().records()).isCloseTo(1_000_000, within(1_000L));
        assertThat(c.consumerPerformanceLabRecords().cpuSeconds()).isCloseTo(0.5, within(1e-9));
        assertThat(c.consumerPerformanceLabRecords().from())
                .isAfter(c.producerApp().from())
                .isBefore(c.producerAppToolsWork().from());
        assertThat(r.consumerCpuVerdict().goal())
                .isEqualTo("consumer-app less its JIT / " + CpuWindow.TOOL_ON_LAB_RECORDS
                        + " less its JIT CPU per record" + " <= 1.2");
        assertThat(c.toolCommands().get(0))
                .containsSequence("--topic", "lab.orders")
                .contains("--from-latest");
        assertThat(c.toolCommands().get(1)).containsSequence("--throughput", "100000");
        assertThat(c.toolCommands().get(2))
                .containsSequence("--topic", "lab.compare")
                .contains("--from-latest");
    }

    /**
     * /proc is read over each same-work window: the lab's exactly, the tool's from its first records on the bench
     * topic plus its warm-up (its own clock starts with them, not with its JVM), for the window's length.
     */
    @Test
    void eachProducersCpuIsReadOverItsOwnWindow(@TempDir Path dir) throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt");
        List<Instant> toolLaunches = new java.util.concurrent.CopyOnWriteArrayList<>();
        tools.watcher = c -> {
            if (c.contains(KafkaTools.PRODUCER_PERFORMANCE) && c.contains("-1")) {
                toolLaunches.add(time.instant());
            }
        };
        pins = new Pins(41L, List.of(42L, 43L));
        // The count before the launch, then three polls 500 ms apart with nothing new: 1.5 s of JVM start-up.
        flatReads.set(4);
        try (FakeLab lab = new FakeLab(time)) {
            CompareResult r = run(lab, time, tools, dir, 1);

            assertThat(r.complete()).as(r.stopReason()).isTrue();
            CompareResult.ThroughputRound t = r.throughput().get(0);
            assertThat(t.labCpu().process()).isEqualTo("producer-app");
            assertThat(t.labCpu().start()).isEqualTo(t.lab().start());
            assertThat(t.labCpu().end()).isEqualTo(t.lab().end());
            assertThat(t.toolCpu().process()).isEqualTo("ProducerPerformance");
            assertThat(toolLaunches).hasSize(1);
            assertThat(t.toolCpu().start())
                    .isEqualTo(toolLaunches.get(0).plusMillis(1_500).plusSeconds(10));
            assertThat(t.toolCpu().seconds()).isEqualTo(10.0);
            assertThat(t.toolRanFor()).isEqualTo("23s500ms");
        }
    }

    /**
     * A consumer-app behind spent its CPU window on the records it read in it (the window's own it had read at
     * the end, and the warm-up's it was still reading at the start), not on those sent: its CPU per record is
     * over those, and the warnings say it fell behind.
     */
    @Test
    void theConsumerAppsCpuPerRecordIsOverTheRecordsItHadRead(@TempDir Path dir) throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt");
        try (FakeLab lab = new FakeLab(time)) {
            lab.consumerBehindWhileSending(0.5);
            CompareResult r = run(lab, time, tools, dir, 1);

            assertThat(r.complete()).as(r.stopReason()).isTrue();
            CompareResult.CpuCost c = r.cpuRounds().get(0);
            long sent = c.producerApp().records();
            assertThat(sent).isPositive();
            // Half a phase behind all along: it read half the window's own and the half of the warm-up it was still
            // reading when the window opened, as many as a window's worth (the fake's warm-up is as long).
            assertThat(c.consumerApp().records()).isEqualTo(sent);
            assertThat(c.consumerPerformanceLabRecords().records())
                    .as("ConsumerPerformance says nothing of what it read: the records sent")
                    .isEqualTo(sent);
            assertThat(r.warnings()).anySatisfy(w -> assertThat(w)
                    .contains(String.format(
                            Locale.ROOT,
                            "the consumer-app had read %,d of the %,d records sent in its window when it ended"
                                    + " (it fell behind): its CPU per record is over the %,d records it read",
                            sent / 2,
                            sent,
                            c.consumerApp().records())));
        }
    }

    @Test
    void aProducerPerformanceThatExitsOnItsOwnWithAnErrorFailsTheRound(@TempDir Path dir) throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt")
                .failing(
                        KafkaTools.PRODUCER_PERFORMANCE,
                        1,
                        "org.apache.kafka.common.errors.TimeoutException: Topic lab.compare "
                                + "not present in metadata after 60000 ms.\n");
        try (FakeLab lab = new FakeLab(time)) {
            CompareResult r = run(lab, time, tools, dir, 1);

            assertThat(r.complete()).isFalse();
            assertThat(r.stopReason())
                    .startsWith("failed: ProducerPerformance exited with 1 without printing a rate")
                    .contains("not present in metadata");
            assertThat(r.throughput()).isEmpty();
            assertThat(r.throughputVerdict()).isNull();
        }
    }

    /** The tool's new JVM gets --tool-warmup more: its window opens later on its own clock, and it runs longer. */
    @Test
    void theToolsWindowOpensAfterItsLongerWarmup(@TempDir Path dir) throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt");
        toolJvmWarmup = Duration.ofSeconds(5);
        try (FakeLab lab = new FakeLab(time)) {
            CompareResult r = run(lab, time, tools, dir, 1);

            assertThat(r.complete()).as(r.stopReason()).isTrue();
            CompareResult.ThroughputRound t = r.throughput().get(0);
            // Intervals [10, 15) at 11,985/s, [15, 20) at 12,345.3/s, [20, 25): a 10 s window after 15 s takes the
            // last two.
            assertThat(t.toolMeasured().from()).isCloseTo(15.0, within(0.01));
            assertThat(t.toolRanFor()).isEqualTo("27s");
            assertThat(r.setup().toolWarmup()).isEqualTo("5s");
            assertThat(CompareReport.markdown(r))
                    .contains("warm-up 10s (ProducerPerformance's throughput runs: 5s more, its JVM is new)");
        }
    }

    /**
     * The CPU windows' new tool JVMs warm up for the larger of --warmup and --tool-warmup: a user's short
     * --tool-warmup shortens them too (before: at least 20 s whatever was asked).
     */
    @Test
    void theCpuWindowsToolsWarmUpForTheLargerOfBothWarmups(@TempDir Path dir) throws IOException {
        // --warmup 10s, --tool-warmup 20s (the defaults): as before, 20 s; --warmup 2s, --tool-warmup 1s: 2 s.
        assertThat(CompareSettings.newToolWarmup(Duration.ofSeconds(10), Duration.ofSeconds(20)))
                .isEqualTo(Duration.ofSeconds(20));
        assertThat(CompareSettings.newToolWarmup(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isEqualTo(Duration.ofSeconds(2));
        toolJvmWarmup = Duration.ofSeconds(1);
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        try (FakeLab lab = new FakeLab(time)) {
            CompareResult r = run(
                    lab,
                    time,
                    ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt"),
                    dir.resolve("short"),
                    1);
            assertThat(r.complete()).as(r.stopReason()).isTrue();
            assertThat(out.toString(StandardCharsets.UTF_8))
                    .contains("read by ConsumerPerformance instead (warm-up at least 10s)");
            assertThat(CompareReport.markdown(r)).contains("warm-up 10s, the larger of");
        }
    }

    @Test
    void aFailingToolStopsTheRunStopsTheLoadAndKeepsWhatWasMeasured(@TempDir Path dir) throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt")
                .failing(
                        KafkaTools.END_TO_END_LATENCY,
                        1,
                        "Exception in thread \"main\" java.lang.RuntimeException: poll() timed out before finding a result\n");
        try (FakeLab lab = new FakeLab(time)) {
            CompareResult r = run(lab, time, tools, dir, 1);

            assertThat(r.complete()).isFalse();
            assertThat(r.stopReason())
                    .startsWith("failed: EndToEndLatency exited with 1")
                    .contains("poll() timed out");
            assertThat(r.throughput()).hasSize(1);
            assertThat(r.throughputVerdict()).isNotNull();
            assertThat(r.latency()).isEmpty();
            assertThat(r.latencyVerdict()).isNull();
            assertThat(tools.mainClasses()).last().isEqualTo("TopicCommand --delete");
            List<String> posts = lab.log().stream()
                    .filter(l -> l.startsWith("POST /actuator/producer"))
                    .toList();
            // One round, two lab throughput windows: the consumer-app paused and resumed for each, and for the
            // tool's CPU window on the lab's records; the lab's latency window, measured before the tool failed,
            // released, as are the publish-delay window's phases and the CPU round's two read windows'.
            assertThat(lab.log())
                    .filteredOn(l -> l.startsWith("POST /actuator/latency"))
                    .hasSize(4 + 1 + 2 + 2 * (1 + 2 + 2 * 3 + 1) + 1 + 2);
            assertThat(posts.get(posts.size() - 1)).isEqualTo(STOP);
        }
    }

    /** A cluster the lab did not start (compare --bootstrap): the bench topic may be someone's. */
    private static TopicOwnership theirCluster() {
        return new TopicOwnership("kafka.example:9092", false);
    }

    @Test
    void onAClusterTheLabDidNotStartAnExistingBenchTopicStopsCompareBeforeAnythingIsSentAndStays(@TempDir Path dir)
            throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        // Their cluster answers a describe of either topic: the bench topic is there already.
        String labOrders = Resources.text("topic-describe-lab-orders.txt");
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt")
                .answering("--describe", labOrders + labOrders.replace("lab.orders", "lab.compare"));
        try (FakeLab lab = new FakeLab(time)) {
            CompareResult r = run(lab, time, tools, dir, 1, theirCluster());

            assertThat(r.complete()).isFalse();
            assertThat(r.stopReason())
                    .startsWith("failed: topic lab.compare already exists on kafka.example:9092, a cluster the lab did"
                            + " not start: the lab deletes only topics it created")
                    .contains("Delete it yourself")
                    .contains("--topic NAME");
            // Described, never deleted nor created, and no tool wrote to it.
            assertThat(tools.mainClasses()).containsExactly("TopicCommand --describe", "TopicCommand --describe");
            assertThat(floors).as("no floor measured; the probe closed").containsExactly("closed");
            // Nothing was sent: the producer-app was only told to stop.
            assertThat(lab.log())
                    .filteredOn(l -> l.startsWith("POST /actuator/producer"))
                    .containsOnly(STOP);
            assertThat(r.throughput()).isEmpty();
            assertThat(r.latency()).isEmpty();
        }
    }

    @Test
    void onAClusterTheLabDidNotStartTheBenchTopicCompareCreatedIsDeletedAtTheEnd(@TempDir Path dir) throws IOException {
        FakeTime time = new FakeTime(Instant.parse("2026-11-22T01:00:00Z"));
        // Their cluster describes the lab topic only: no bench topic yet.
        ScriptedTools tools = ScriptedTools.realOutputs("producer-performance-5s-warmup-records.txt");
        try (FakeLab lab = new FakeLab(time)) {
            CompareResult r = run(lab, time, tools, dir, 1, theirCluster());

            assertThat(r.complete()).as(r.stopReason()).isTrue();
            // Looked for before it is created, not deleted first; deleted once the comparison is done.
            assertThat(tools.mainClasses())
                    .containsExactly(
                            "TopicCommand --describe",
                            "TopicCommand --describe",
                            "TopicCommand --create",
                            "ProducerPerformance",
                            "ConsumerPerformance",
                            "ConsumerPerformance",
                            "ProducerPerformance",
                            // Each backlog topic (the warm-up's, then round 1's: a name of its own each) is looked
                            // for, created, and deleted as compare's own after its drains.
                            "TopicCommand --describe",
                            "TopicCommand --create",
                            "TopicCommand --delete",
                            "TopicCommand --describe",
                            "TopicCommand --create",
                            "ConsumerPerformance",
                            "TopicCommand --delete",
                            "EndToEndLatency",
                            "TopicCommand --delete",
                            "TopicCommand --delete");
            List<List<String>> lastTwo = tools.commands.subList(tools.commands.size() - 2, tools.commands.size());
            assertThat(lastTwo)
                    .anySatisfy(c -> assertThat(c).containsSequence("--topic", "lab.compare"))
                    .anySatisfy(c -> assertThat(c).containsSequence("--topic", "lab.orders.compare-drain-r1"));
        }
    }
}
