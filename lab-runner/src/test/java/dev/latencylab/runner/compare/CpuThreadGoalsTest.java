package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuThreadGoalsTest {

    private static CompareResult.CpuUse use(String process, double cpu) {
        return new CompareResult.CpuUse(process, Instant.EPOCH, 10_000, 10.0, cpu);
    }

    private static ProcWindow.Result proc(Map<String, Map<String, Double>> threads) {
        return new ProcWindow.Result(threads, null, 0, null);
    }

    /**
     * The tools' window: 0.2 / 0.1 CPU-s on ProducerPerformance's sending / I/O thread, 0.05 polling (the
     * tool's own records, no key, no header: not the consumer's yardstick).
     */
    private static final ProcWindow.Result TOOLS = proc(Map.of(
            "ProducerPerformance",
            Map.of("java", 0.2, "kafka-producer-", 0.1),
            "ConsumerPerformance",
            Map.of("java", 0.05)));

    /** ConsumerPerformance reading the lab's records: 0.1 CPU-s polling. */
    private static final ProcWindow.Result LAB_RECORDS =
            proc(Map.of("producer-app", Map.of("lab-sender", 0.9), "ConsumerPerformance", Map.of("java", 0.1)));

    private static CompareResult.CpuCost cost(ProcWindow.Result lab, ProcWindow.Result toolsWork) {
        return cost(lab, toolsWork, TOOLS);
    }

    private static CompareResult.CpuCost cost(
            ProcWindow.Result lab, ProcWindow.Result toolsWork, ProcWindow.Result tools) {
        return cost(lab, tools == null ? null : LAB_RECORDS, toolsWork, tools);
    }

    private static CompareResult.CpuCost cost(
            ProcWindow.Result lab, ProcWindow.Result labRecords, ProcWindow.Result toolsWork, ProcWindow.Result tools) {
        return new CompareResult.CpuCost(
                1_000,
                use("producer-app", 1.0),
                use(CpuWindow.TOOLS_WORK, 0.5),
                use("ProducerPerformance", 0.5),
                use("consumer-app", 0.5),
                use(CpuWindow.TOOL_ON_LAB_RECORDS, 0.5),
                use("ConsumerPerformance", 0.5),
                List.of(),
                lab,
                labRecords,
                toolsWork,
                tools);
    }

    /** The producer's threads come from the window of equal work, not the realistic one. */
    @Test
    void theProducersThreadsAreJudgedOnEqualWork() {
        ProcWindow.Result realistic = proc(Map.of(
                "producer-app", Map.of("lab-sender", 0.9, "kafka-producer-", 0.9),
                "consumer-app", Map.of("lab-latency-N-C-N", 0.1, "lab-latency-rec", 0.01)));
        ProcWindow.Result toolsWork = proc(Map.of("producer-app", Map.of("lab-sender", 0.22, "kafka-producer-", 0.13)));

        List<Verdict> v = CpuThreadGoals.judge(cost(realistic, toolsWork));

        assertThat(v)
                .extracting(Verdict::status)
                .containsExactly(Verdict.Standing.MET, Verdict.Standing.MISSED, Verdict.Standing.MET);
        assertThat(v.get(0).ratio()).isCloseTo(1.1, within(1e-9));
        assertThat(v.get(1).ratio()).isCloseTo(1.3, within(1e-9));
        // Every thread of the listener containers, whichever listener ran, against ConsumerPerformance reading
        // the same records (0.1 CPU-s), not its own (0.05).
        assertThat(v.get(2).ratio()).isCloseTo(1.1, within(1e-9));
    }

    /**
     * Each process judged less its JIT's compiler threads: the consumer-app 0.5 CPU-s with 0.05 compiling,
     * ConsumerPerformance on the lab's records 0.5 with 0.2 (a new JVM); whole, both would be 1.0x.
     */
    @Test
    void aProcessIsJudgedLessItsCompilerThreads() {
        ProcWindow.Result realistic = proc(Map.of(
                "producer-app", Map.of("lab-sender", 0.9),
                "consumer-app", Map.of("lab-latency-N-C-N", 0.3, CpuThreadGoals.COMPILER_THREADS, 0.05)));
        ProcWindow.Result labRecords = proc(Map.of(
                "producer-app", Map.of(CpuThreadGoals.COMPILER_THREADS, 0.4),
                "ConsumerPerformance", Map.of("java", 0.1, CpuThreadGoals.COMPILER_THREADS, 0.2)));
        ProcWindow.Result toolsWork = proc(Map.of("producer-app", Map.of("lab-sender", 0.2)));
        ProcWindow.Result tools =
                proc(Map.of("ProducerPerformance", Map.of("java", 0.2, CpuThreadGoals.COMPILER_THREADS, 0.1)));
        CompareResult.CpuCost c = cost(realistic, labRecords, toolsWork, tools);

        Verdict consumer = CpuThreadGoals.consumerProcess(c);
        Verdict producer = CpuThreadGoals.producerProcess(c);

        assertThat(consumer.ratio()).isCloseTo(0.45 / 0.3, within(1e-9));
        assertThat(consumer.status()).isEqualTo(Verdict.Standing.MISSED);
        assertThat(consumer.text()).contains("consumer-app less its JIT");
        // The producer-app compiled nothing in its window; ProducerPerformance 0.1 CPU-s.
        assertThat(producer.ratio()).isCloseTo(0.5 / 0.4, within(1e-9));
    }

    /**
     * Three rounds of the sending thread against the tool's 0.2 CPU-s: 0.2, 0.3, 0.22 (1.0, 1.5, 1.1). The
     * median 1.1 is judged, not the sum's 1.2 nor the worst round; the figures printed are the sum's.
     */
    @Test
    void aGoalIsJudgedOnTheMedianOfItsRounds() {
        List<CompareResult.CpuCost> rounds = List.of(0.2, 0.3, 0.22).stream()
                .map(s -> cost(
                        proc(Map.of()), proc(Map.of("producer-app", Map.of("lab-sender", s, "kafka-producer-", 0.1)))))
                .toList();

        Verdict sending = CpuThreadGoals.judge(rounds).get(0);

        assertThat(sending.ratio()).isCloseTo(1.1, within(1e-9));
        assertThat(sending.status()).isEqualTo(Verdict.Standing.MET);
        assertThat(sending.text())
                .contains("median of 3 rounds, range 1.000 to 1.500")
                .contains("24.0 / 20.0 CPU-ms per 1,000 records over all rounds");
    }

    /** A round without the thread leaves the goal unjudged: a median of the other rounds would pass for all. */
    @Test
    void aRoundWithoutAFigureLeavesTheGoalUnjudged() {
        ProcWindow.Result sends = proc(Map.of("producer-app", Map.of("lab-sender", 0.2, "kafka-producer-", 0.1)));
        ProcWindow.Result noSender = proc(Map.of("producer-app", Map.of("kafka-producer-", 0.1)));

        List<Verdict> v = CpuThreadGoals.judge(List.of(cost(proc(Map.of()), sends), cost(proc(Map.of()), noSender)));

        assertThat(v.get(0).status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(v.get(1).ratio()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void withoutProcAProcessIsJudgedWhole() {
        CompareResult.CpuCost c = cost(null, null, null);

        assertThat(CpuThreadGoals.consumerProcess(c).ratio()).isCloseTo(1.0, within(1e-9));
        assertThat(CpuThreadGoals.consumerProcess(c).text()).doesNotContain("JIT");
    }

    @Test
    void aThreadNotSeenIsNotJudged() {
        ProcWindow.Result toolsWork = proc(Map.of("producer-app", Map.of("kafka-producer-", 0.1)));

        List<Verdict> v = CpuThreadGoals.judge(cost(proc(Map.of()), toolsWork));

        assertThat(v.get(0).status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(v.get(0).ratio()).isNull();
        assertThat(v.get(2).ratio()).isNull();
    }

    @Test
    void withoutProcNothingIsJudgedByThread() {
        CompareResult.CpuCost c = cost(null, null, null);

        assertThat(CpuThreadGoals.judge(c)).isEmpty();
    }
}
