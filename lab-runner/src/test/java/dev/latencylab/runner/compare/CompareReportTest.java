package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.SenderTime;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.runner.results.report.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class CompareReportTest {

    private static final Instant T0 = Instant.parse("2026-11-22T01:00:00Z");

    private static CompareResult result(boolean complete) {
        return result(complete, 1);
    }

    /** @param rounds throughput rounds, each alike; a second CPU round with a costlier sending thread */
    private static CompareResult result(boolean complete, int rounds) {
        return result(complete, rounds, c -> withSendingThread(c, 0.36));
    }

    /** @param secondCpuRound the second CPU round made from the first, when there are 2 rounds */
    private static CompareResult result(
            boolean complete, int rounds, java.util.function.UnaryOperator<CompareResult.CpuCost> secondCpuRound) {
        ProducerPerfOutput perf = ProducerPerfOutput.parse(Resources.text("producer-performance-5s-warmup-records.txt"))
                .orElseThrow();
        LabThroughput lab = new LabThroughput(
                T0, T0.plusSeconds(10), 1_000, 121_000, 1_100, 121_200, 0, 0, T0.plusSeconds(5), 61_000);
        ProducerPerfOutput.Measured m = new ProducerPerfOutput.Measured(125_000, 10, 10, 10, true, 1.01);
        Percentiles p = new Percentiles(1.848, 2.31, 3.0, 3.2, 5.9, 9.0, 12.0);
        PhaseView phase = new PhaseView(0, 1500, T0, T0, p, p, 0, 0, 0, 0, 0, 0, null, null, null, 0, null);
        EndToEndResult e2e =
                EndToEndResult.parse(Resources.text("end-to-end-latency.txt")).orElseThrow();
        List<CompareResult.ThroughputRound> t = java.util.stream.IntStream.rangeClosed(1, rounds)
                .mapToObj(round -> new CompareResult.ThroughputRound(
                        round,
                        true,
                        lab,
                        m,
                        perf,
                        "28s",
                        List.of("java", "-cp", "lib/*", KafkaTools.PRODUCER_PERFORMANCE),
                        new LabThroughput(T0, T0.plusSeconds(10), 0, 90_000, 0, 90_000, 0, 0, null, 0),
                        CEILING_LAB,
                        CEILING_TOOL))
                .toList();
        Floor floor = new Floor(
                1500,
                30.0,
                20.0,
                new Percentiles(1.68, 2.1, 2.5, 2.6, 3.1, 4.0, 6.0),
                new Percentiles(1.52, 1.9, 2.3, 2.4, 2.9, 3.8, 5.9),
                ClosedLoopFloor.producerSettings(16384),
                FloorFetch.LAB.consumerSettings());
        Floor backToBack = new Floor(
                1500,
                2.5,
                0.0,
                new Percentiles(1.28, 1.6, 2.0, 2.2, 2.7, 3.5, 5.0),
                new Percentiles(1.2, 1.5, 1.9, 2.1, 2.6, 3.4, 4.9),
                ClosedLoopFloor.producerSettings(16384),
                FloorFetch.BUSY_POLL.consumerSettings());
        CompareResult.PublishDelay delay = new CompareResult.PublishDelay(
                4_500,
                10.0,
                45_000,
                4_500,
                new Percentiles(0.04, 0.05, 0.2, 0.3, 0.8, 2.0, 3.5),
                new SenderTime(10.0, 1_500.0, 2_000.0, 30, 6),
                0.0);
        List<CompareResult.LatencyRound> l = complete
                ? List.of(new CompareResult.LatencyRound(
                        1, true, phase, e2e, 1500, List.of("java", KafkaTools.END_TO_END_LATENCY), backToBack, floor))
                : List.of();
        // Over the second backlog: 132,180 records in 0.3 s = 440,600 records/s.
        ConsumerPerfOutput tool = ConsumerPerfOutput.parse(Resources.text("consumer-performance.txt"), 200_000)
                .orElseThrow();
        List<CompareResult.ConsumerRound> c = List.of(new CompareResult.ConsumerRound(
                1,
                new LabDrain(ListenerType.RECORD, 400_000, T0, T0.plusSeconds(1), 0, 0),
                new LabDrain(ListenerType.BATCH, 400_000, T0, T0.plusMillis(500), 0, 0),
                tool,
                List.of("java", KafkaTools.CONSUMER_PERFORMANCE)));
        CompareResult.CpuCost cpu = new CompareResult.CpuCost(
                4_500,
                new CompareResult.CpuUse("producer-app", Instant.EPOCH, 45_000, 10.0, 0.9),
                new CompareResult.CpuUse(CpuWindow.TOOLS_WORK, Instant.EPOCH, 45_000, 10.0, 0.54),
                new CompareResult.CpuUse("ProducerPerformance", Instant.EPOCH, 45_000, 10.0, 0.6),
                // It had read 44,000 of the window's 45,000 when it ended: its threads are per record read.
                new CompareResult.CpuUse("consumer-app", Instant.EPOCH, 44_000, 10.0, 0.5),
                new CompareResult.CpuUse(CpuWindow.TOOL_ON_LAB_RECORDS, Instant.EPOCH, 45_000, 10.0, 0.48),
                new CompareResult.CpuUse("ConsumerPerformance", Instant.EPOCH, 45_000, 10.0, 0.45),
                List.of(List.of("java", KafkaTools.PRODUCER_PERFORMANCE, "--throughput", "4500")),
                new ProcWindow.Result(
                        Map.of(
                                "producer-app",
                                Map.of("lab-sender", 0.45, "GC Thread#N", 0.09),
                                "consumer-app",
                                Map.of("lab-latency-N-C-N", 0.22)),
                        1.8,
                        3,
                        new ProcCpu.Machine(14.0, 0.2, 20.0),
                        Map.of(
                                "producer-app",
                                Map.of("lab-sender", 45L),
                                "consumer-app",
                                Map.of("lab-latency-N-C-N", 900L))),
                new ProcWindow.Result(
                        Map.of("producer-app", Map.of("lab-sender", 0.44), "ConsumerPerformance", Map.of("java", 0.21)),
                        1.7,
                        3,
                        new ProcCpu.Machine(13.0, 0.2, 20.0)),
                new ProcWindow.Result(
                        Map.of("producer-app", Map.of("lab-sender", 0.27, "kafka-producer-", 0.2)),
                        1.26,
                        3,
                        new ProcCpu.Machine(9.0, 0.1, 20.0)),
                new ProcWindow.Result(
                        Map.of(
                                "ProducerPerformance",
                                Map.of("java", 0.3, "kafka-producer-", 0.15),
                                "ConsumerPerformance",
                                Map.of("java", 0.2)),
                        1.35,
                        3,
                        null));
        // A second CPU round: the producer-app's sending thread 0.36 CPU-s where the first's was 0.27.
        List<CompareResult.CpuCost> cpuRounds = rounds == 1 ? List.of(cpu) : List.of(cpu, secondCpuRound.apply(cpu));
        return new CompareResult(
                T0,
                T0.plusSeconds(200),
                complete,
                complete ? null : "failed: EndToEndLatency exited with 1",
                "scripts/lab compare --rounds 1",
                new CompareResult.Setup(
                        "all",
                        400,
                        "none",
                        5,
                        16384,
                        50,
                        0,
                        "30s",
                        "10s",
                        "20s",
                        "20s",
                        "10s",
                        1,
                        100_000,
                        "lab.orders.compare-drain",
                        ConsumerRounds.TOOL_FETCH,
                        "lab.orders",
                        "lab.compare",
                        new TopicLayout(3, 3, 2),
                        Map.of("acks", "all"),
                        "kafka-tools 4.2.1",
                        "Java 17",
                        "Linux",
                        2),
                t,
                CompareRun.verdictOfThroughput(t),
                l,
                complete ? CompareRun.verdictOfLatency(l) : null,
                complete ? CompareRun.verdictOfFloor(l) : null,
                delay,
                Goals.publishDelay(delay),
                CompareResult.CpuCost.total(cpuRounds),
                cpuRounds,
                Goals.cpu(cpu.producerAppToolsWork(), cpu.producerPerformance()),
                Goals.cpu(cpu.consumerApp(), cpu.consumerPerformanceLabRecords()),
                CpuThreadGoals.judge(cpuRounds),
                c,
                CompareRun.verdictOfConsumer(c, CompareResult.ConsumerRound::batch),
                CompareRun.verdictOfConsumer(c, CompareResult.ConsumerRound::record),
                Differences.all(),
                List.of());
    }

    private static CompareResult.CpuCost withSendingThread(CompareResult.CpuCost c, double seconds) {
        return withToolsWorkProc(
                c,
                new ProcWindow.Result(
                        Map.of("producer-app", Map.of("lab-sender", seconds, "kafka-producer-", 0.2)),
                        1.26,
                        3,
                        new ProcCpu.Machine(9.0, 0.1, 20.0)));
    }

    private static CompareResult.CpuCost withToolsWorkProc(CompareResult.CpuCost c, ProcWindow.Result toolsWork) {
        return new CompareResult.CpuCost(
                c.rate(),
                c.producerApp(),
                c.producerAppToolsWork(),
                c.producerPerformance(),
                c.consumerApp(),
                c.consumerPerformanceLabRecords(),
                c.consumerPerformance(),
                c.toolCommands(),
                c.labProc(),
                c.labRecordsProc(),
                toolsWork,
                c.toolProc());
    }

    /** The producer-app's threads over its 10 s same-work window: 9 CPU-s, 2 of them GC's. */
    static final CeilingCpu CEILING_LAB = new CeilingCpu(
            T0,
            T0.plusSeconds(10),
            "producer-app",
            new ProcWindow.Result(
                    Map.of(
                            "producer-app",
                            Map.of("lab-sender", 3.0, "kafka-producer-", 4.0, "GC Thread#N", 1.5, "GN Conc#N", 0.5)),
                    17.0,
                    3,
                    new ProcCpu.Machine(20.0, 0.1, 20.5)));

    static final CeilingCpu CEILING_TOOL = new CeilingCpu(
            T0,
            T0.plusSeconds(10),
            "ProducerPerformance",
            new ProcWindow.Result(
                    Map.of("ProducerPerformance", Map.of("java", 2.5, "kafka-producer-", 3.8, "GC Thread#N", 0.4)),
                    18.0,
                    3,
                    new ProcCpu.Machine(19.5, 0.1, 20.5)));

    @Test
    void markdownStatesBothVerdictsTheRoundsTheDifferencesAndTheCommands() {
        String md = CompareReport.markdown(result(true));

        assertThat(md)
                .contains(
                        "**throughput ratio 0.960 (lab / ProducerPerformance acked records/s, one round): goal >= 1.00 MISSED"
                                + " (the lab reaches 96.0 % of the tool); second half / first half of the window (median of"
                                + " the rounds): lab 1.000, ProducerPerformance 1.010**")
                .contains("warm-up 10s (ProducerPerformance's throughput runs: 20s more, its JVM is new)")
                .contains("| 1 | lab | 12,000 | 12,500 | 0.960 | 9,000 | 0.750 | 1.000 | 1.010 |")
                .contains(
                        "**cost of realism: the lab as scenarios run it (a JSON order per record, keyed by order id, with the lab header)"
                                + " 9,000 records/s vs 12,000 doing the tool's work = 0.750 (-25.0 %).**")
                .contains("**e2e p50 ratio 1.155 (lab 2.31 ms / EndToEndLatency 2 ms): goal <= 1.2x met;")
                .contains(
                        "**e2e p50 vs floor 1.100 (lab / warm closed-loop floor at the lab's rate with its fetch settings,"
                                + " both in µs, one round): goal <= 1.1x met; lab / busy-poll bound (back to back,"
                                + " fetch.max.wait.ms 0) 1.444 (one round)**")
                .contains(
                        "| 1 | lab | 1.848 | 2.310 | 3.000 | 5.900 | 1500 | 1.680 | 2.100 | 2.500 | 3.100 | 1.900 | 1.100 | 1.280"
                                + " | 1.600 | 2.000 |"
                                + " 1.444 | 2 | 25 | 4.24 | 1500 | 1.155 |")
                .contains(
                        "the sender thread ran 150 ms per second on a CPU and waited 200 ms per second for one (ready to"
                                + " send, another process on the core); it was blocked in send() on a full accumulator 0.0 ms per"
                                + " second; the JVM paused for 6 collections, 30 ms in all (3.0 ms per second)")
                .contains("| 1.000 | 0.050 |")
                .contains(
                        "**publish delay p99 0.800 ms at 4,500 records/s (half the realistic ceiling): goal <= 1 ms met**")
                .contains("A core of the producer's own is not measured: on a machine of 2 cores")
                .doesNotContain("core of its own")
                .contains(Differences.CLOSED_LOOP)
                .contains("The consumer-app is paused during the lab's throughput windows")
                .contains("scripts/lab compare --rounds 1")
                .contains("java -cp 'lib/*' org.apache.kafka.tools.ProducerPerformance")
                // 100,000 records in 1 s and in 0.5 s against the tool's real 164,211 records/s.
                .contains("**consumer ratio, batch listener, 1.816 (consumer-app / ConsumerPerformance records/s, full"
                        + " accounting on, one round): goal >= 0.90 met**")
                .contains("**consumer ratio, record listener, 0.908 (consumer-app / ConsumerPerformance records/s, full"
                        + " accounting on, one round): goal >= 0.75 met**")
                .contains("| 1 | 400,000 | 0 | 800,000 | 0 | 440,600 | 132,180 in 0.30 | 0.908 | 1.816 |")
                .contains("java org.apache.kafka.tools.ConsumerPerformance")
                // 0.9 CPU-s for 45,000 records = 20 ms per 1,000; the tool 0.6 s = 13.3.
                .contains("| producer-app | 45,000 | 10.0 | 0.90 | 20.0 |")
                .contains("| producer-app (the tool's work) | 45,000 | 10.0 | 0.54 | 12.0 |")
                // 0.45 CPU-s over 45,000 records: 10 µs each; the brokers' 1.8 s: 40 µs; 14 busy CPU-s in 10 s.
                // Wake-ups: the polling thread's 900 over 45,000 records, 20 per 1,000; none read in the others.
                .contains("| producer-app | `lab-sender` | 0.45 | 10.00 | 1.0 |\n"
                        + "| producer-app | `GC Thread#N` | 0.09 | 2.00 | 0.0 |")
                // The polling thread over the 44,000 records the consumer-app read, as its goal divides it.
                .contains("| consumer-app | `lab-latency-N-C-N` | 0.22 | 5.00 | 20.5 |")
                .contains("| producer-app (the tool's work) | `lab-sender` | 0.27 | 6.00 | 0.0 |")
                .contains("| ProducerPerformance | `java` | 0.30 | 6.67 | 0.0 |")
                .contains("| the lab's | 1.80 | 40.00 | 1.40 | 0.020 |")
                .contains("| the producer-app doing the tool's work (nobody reading) | 1.26 | 28.00 | 0.90 | 0.010 |")
                .contains("| the tools' | 1.35 | 30.00 | n/a | n/a |")
                .contains("java org.apache.kafka.tools.ProducerPerformance --throughput 4500")
                // The producer judged on equal work; the realistic window's 20.0 is the cost of realism.
                .contains(
                        "**CPU per record, producer-app (the tool's work) / ProducerPerformance: 0.900 (one round; 12.0 / 13.3"
                                + " CPU-ms per 1,000 records): goal <= 1.2x met**")
                .contains("**cost of realism in CPU: the realistic producer-app 20.0 CPU-ms per 1,000 records vs 12.0"
                        + " doing the tool's work = 1.667.**")
                // By thread: 0.27 / 0.3 on the sending threads, 0.2 / 0.15 on the I/O threads, 0.22 / 0.21 polling
                // (ConsumerPerformance on the lab's records; 0.2 on its own).
                .contains("**CPU per record, producer-app sending thread `lab-sender` / ProducerPerformance sending"
                        + " thread `java`: 0.900 (one round; 6.00 / 6.67 CPU-ms per 1,000 records): goal <= 1.2x met**")
                .contains(
                        "**CPU per record, producer-app Kafka I/O thread `kafka-producer-` / ProducerPerformance Kafka"
                                + " I/O thread `kafka-producer-`: 1.333 (one round; 4.44 / 3.33 CPU-ms per 1,000 records): goal <= 1.2x"
                                + " MISSED**")
                .contains("**CPU per record, consumer-app polling thread `lab-latency` / ConsumerPerformance polling"
                        + " thread `java`: 1.071 (one round; 5.00 / 4.67 CPU-ms per 1,000 records): goal <= 1.2x met**")
                // The consumer judged on the same records: 0.48 CPU-s for the tool on the lab's, 0.45 on its own.
                .contains(
                        "**CPU per record, consumer-app / ConsumerPerformance (the lab's records): 1.065 (one round; 11.4 / 10.7"
                                + " CPU-ms per 1,000 records): goal <= 1.2x met**")
                .contains("| ConsumerPerformance (the lab's records) | 45,000 | 10.0 | 0.48 | 10.7 |")
                .contains("| ConsumerPerformance (the lab's records) | `java` | 0.21 | 4.67 |");
    }

    /** Each producer's threads over its same-work window, per record at its own rate, beside the brokers' cores. */
    @Test
    void theThroughputSectionTablesEachProducersCpuAtTheCeiling() {
        String md = CompareReport.markdown(result(true));

        assertThat(md.substring(md.indexOf("cost of realism"))).contains("### CPU at the ceiling");
        // The app: 9 CPU-s in 10 s at 12,000 records/s; the tool: 6.7 CPU-s at 12,500 records/s.
        assertThat(md)
                .contains("| 1 | producer-app | 12,000 | 0.900 | 0.200 | 0.400 | 0.300 | 75.00 | 1.70 | 2.00 |")
                .contains("| 1 | ProducerPerformance | 12,500 | 0.670 | 0.040 | 0.380 | 0.250 | 53.60 | 1.80 | 1.95 |");
    }

    @Test
    void severalThroughputRoundsCloseTheirTableWithTheMeans() {
        String md = CompareReport.markdown(result(true, 2));

        assertThat(md)
                .contains(
                        "| 2 | lab | 12,000 | 12,500 | 0.960 | 9,000 | 0.750 | 1.000 | 1.010 |\n| mean | | 12,000 | 12,500 | 0.960 |\n"
                                + "| median of the rounds' ratios | | | | **0.960** |\n\n");
    }

    /**
     * Two CPU rounds: the sending thread 0.27 then 0.36 CPU-s against the tool's 0.3 (0.900, 1.200), judged
     * on their median 1.050; the tables add the rounds up (0.63 CPU-s over 90,000 records: 7.00 µs each).
     */
    @Test
    void severalCpuRoundsAreJudgedOnTheirMedianAndTabledRoundByRound() {
        CompareResult r = result(true, 2);
        String md = CompareReport.markdown(r);

        assertThat(md)
                .contains("in each of 2 rounds (odd rounds in this order, even rounds in the reverse order)")
                .contains("**CPU per record, producer-app sending thread `lab-sender` / ProducerPerformance sending"
                        + " thread `java`: 1.050 (median of 2 rounds, range 0.900 to 1.200; 7.00 / 6.67 CPU-ms per"
                        + " 1,000 records over all rounds): goal <= 1.2x met**")
                .contains("| goal (CPU per record, app / tool) | round 1 | round 2 | median |")
                .contains("| producer-app sending thread `lab-sender` / ProducerPerformance sending thread `java` |"
                        + " 0.900 | 1.200 | 1.050 |")
                .contains("| producer-app (the tool's work) | `lab-sender` | 0.63 | 7.00 | 0.0 |")
                .contains("| producer-app (the tool's work) | 90,000 | 20.0 | 1.08 | 12.0 |");
        assertThat(r.cpuRounds()).hasSize(2);
        assertThat(r.cpu().producerAppToolsWork().records()).isEqualTo(90_000);
    }

    /**
     * A round whose equal-work window /proc did not read judges no producer thread: the goals left (the
     * polling thread's) keep their own ratios in the table, not a neighbour's.
     */
    @Test
    void theRoundsTableMatchesEachGoalByName() {
        CompareResult r = result(true, 2, c -> withToolsWorkProc(c, null));

        assertThat(CompareReport.markdown(r))
                .contains("| consumer-app polling thread `lab-latency` / ConsumerPerformance polling thread `java` |"
                        + " 1.071 | 1.071 | 1.071 |")
                .doesNotContain("| producer-app sending thread `lab-sender` / ProducerPerformance sending thread"
                        + " `java` |");
    }

    @Test
    void anUnfinishedRunSaysSoAndJudgesNothingItDidNotMeasure() {
        String md = CompareReport.markdown(result(false));

        assertThat(md)
                .contains("**Stopped before the end: failed: EndToEndLatency exited with 1**")
                .contains("**Not judged: this part did not run to the end.**")
                .contains("goal >= 1.00 MISSED");
        assertThat(CompareReport.verdicts(result(false))).contains("e2e p50: not measured to the end");
    }

    @Test
    void writesJsonWithTheRatiosAndTheMarkdownBesideIt(@TempDir Path root) throws IOException {
        Path dir = CompareReport.folder(root, T0);
        CompareReport.write(dir, result(true));

        assertThat(dir.getFileName().toString()).isEqualTo("20261122T010000Z-compare");
        assertThat(CompareReport.folder(root, T0).getFileName().toString()).isEqualTo("20261122T010000Z-compare-2");
        JsonNode json = ResultsWriter.JSON.readTree(dir.resolve("compare.json").toFile());
        assertThat(json.get("throughput").get(0).get("ratio").asDouble()).isEqualTo(0.96);
        assertThat(json.get("throughput").get(0).get("lab").get("ackedPerSec").asDouble())
                .isEqualTo(12_000.0);
        assertThat(json.get("throughputVerdict").get("status").asString()).isEqualTo("MISSED");
        assertThat(json.get("latency").get(0).get("tool").get("p50Ms").asLong()).isEqualTo(2);
        assertThat(json.get("startedAt").asString()).isEqualTo("2026-11-22T01:00:00Z");
        assertThat(json.get("consumer").get(0).get("batchRatio").asDouble()).isCloseTo(1.816, within(1e-3));
        assertThat(json.get("consumer").get(0).get("tool").get("recordsPerSec").asDouble())
                .isCloseTo(440_600, within(1e-6));
        assertThat(json.get("consumer")
                        .get(0)
                        .get("record")
                        .get("recordsPerSec")
                        .asDouble())
                .isEqualTo(400_000.0);
        assertThat(json.get("cpu")
                        .get("consumerPerformance")
                        .get("cpuMsPer1000Records")
                        .asDouble())
                .isCloseTo(10.0, within(1e-9));
        assertThat(json.get("cpu").get("producerAppToolsWork").get("cpuSeconds").asDouble())
                .isEqualTo(0.54);
        assertThat(json.get("cpu").get("realismCpuRatio").asDouble()).isCloseTo(0.9 / 0.54, within(1e-9));
        assertThat(json.get("cpuThreadVerdicts")).hasSize(3);
        assertThat(json.get("cpuThreadVerdicts").get(1).get("status").asString())
                .isEqualTo("MISSED");
        assertThat(json.get("publishDelay").get("sentOverAsked").asDouble()).isCloseTo(1.0, within(1e-9));
        assertThat(json.get("publishDelay").get("blockedInSendMs").asDouble()).isZero();
        assertThat(json.get("publishDelay").get("refusal").isNull()).isTrue();
        assertThat(Files.readString(dir.resolve("compare.md"))).startsWith("# Lab vs Kafka's own tools");
    }

    @Test
    void theToolsFetchSettingsPrintInOneOrderEveryRun() {
        // Map.of's order depends on a per-JVM seed: compare.md would differ between two runs of the same code.
        assertThat(ConsumerRounds.TOOL_FETCH)
                .isInstanceOf(java.util.SortedMap.class)
                .hasToString("{check.crcs=false, receive.buffer.bytes=2097152}");
    }
}
