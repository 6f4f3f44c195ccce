package dev.latencylab.runner.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The CPU goals, per process (less the JIT's compiler threads) and per thread: each app's thread that
 * does the work against the tool's thread that does the same, per record, from /proc. The producer's threads are read in the window where the
 * producer-app does the tool's work; the consumer's polling thread in the lab's realistic window
 * against ConsumerPerformance's reading the same load in the window after it. Each goal is judged on the
 * median of its rounds' ratios, as compare's other parts are: one window per side would judge one draw
 * of a machine whose figures move by a tenth from one run to the next.
 */
final class CpuThreadGoals {

    /**
     * One thread of an app against one of its tool, by the kernel's thread names (15 characters, digits
     * folded to N), each the sum of the threads whose name starts so.
     */
    record Pair(String role, String labProcess, String labThread, String toolProcess, String toolThread) {}

    /** The producer-app's open-loop sender against ProducerPerformance's main thread, which sends. */
    static final Pair SENDING = new Pair("sending thread", "producer-app", "lab-sender", "ProducerPerformance", "java");
    /** The Kafka producer's I/O thread ({@code kafka-producer-network-thread | ...}) on both sides. */
    static final Pair PRODUCER_IO =
            new Pair("Kafka I/O thread", "producer-app", "kafka-producer-", "ProducerPerformance", "kafka-producer-");
    /** The listener container's consumer thread ({@code lab-latency-0-C-1}, {@code lab-latency-record-...}) against ConsumerPerformance's main thread, which polls. */
    static final Pair POLLING =
            new Pair("polling thread", "consumer-app", "lab-latency", "ConsumerPerformance", "java");

    /** The JIT's compiler threads as the kernel names them, digits folded: C1 and C2 CompilerThread. */
    static final String COMPILER_THREADS = "CN CompilerThre";

    private CpuThreadGoals() {}

    /** One goal's two sides: the app's figure and the tool's, over one round or over all of them. */
    record Sides(CompareResult.CpuUse lab, CompareResult.CpuUse tool) {

        /** Null where a side has no records or the tool no CPU time. */
        Double ratio() {
            Double l = lab.cpuMsPer1000Records();
            Double t = tool.cpuMsPer1000Records();
            return l == null || t == null || !(t > 0) ? null : l / t;
        }
    }

    /** The producer's process goal: the producer-app doing the tool's work against ProducerPerformance. */
    static Verdict producerProcess(List<CompareResult.CpuCost> rounds) {
        return overRounds(rounds, CpuThreadGoals::producerSides);
    }

    /** The consumer's process goal: the consumer-app against ConsumerPerformance on the same records. */
    static Verdict consumerProcess(List<CompareResult.CpuCost> rounds) {
        return overRounds(rounds, CpuThreadGoals::consumerSides);
    }

    static Verdict producerProcess(CompareResult.CpuCost c) {
        return producerProcess(List.of(c));
    }

    static Verdict consumerProcess(CompareResult.CpuCost c) {
        return consumerProcess(List.of(c));
    }

    private static Sides producerSides(CompareResult.CpuCost c) {
        return new Sides(
                lessJit(c.producerAppToolsWork(), SENDING.labProcess(), c.toolsWorkProc()),
                lessJit(c.producerPerformance(), SENDING.toolProcess(), c.toolProc()));
    }

    private static Sides consumerSides(CompareResult.CpuCost c) {
        return new Sides(
                lessJit(c.consumerApp(), POLLING.labProcess(), c.labProc()),
                lessJit(c.consumerPerformanceLabRecords(), POLLING.toolProcess(), c.labRecordsProc()));
    }

    /**
     * A goal judged on the median of its rounds' ratios, their range printed beside it; the figures per
     * record beside the ratio are over all rounds together. Not judged when a round has no ratio: a median
     * of the rounds that happened to have one would pass for all of them.
     */
    private static Verdict overRounds(List<CompareResult.CpuCost> rounds, Function<CompareResult.CpuCost, Sides> goal) {
        Sides total = goal.apply(CompareResult.CpuCost.total(rounds));
        List<Double> ratios = rounds.stream().map(goal).map(Sides::ratio).toList();
        RoundSpread spread = ratios.contains(null)
                ? null
                : RoundSpread.of(
                        ratios.stream().mapToDouble(Double::doubleValue).toArray());
        return Goals.cpu(total.lab(), total.tool(), spread);
    }

    /**
     * The process's CPU less its JIT compiler threads' in the window: a tool's JVM is new and compiles
     * inside its window, an app's is warm (its warm-up excluded on both sides, as the goal asks). The
     * compiler threads stay in the table by thread. Unchanged where /proc was not read.
     */
    static CompareResult.CpuUse lessJit(CompareResult.CpuUse use, String process, ProcWindow.Result proc) {
        if (proc == null) {
            return use;
        }
        double jit = secondsOf(proc.threads().getOrDefault(process, Map.of()), COMPILER_THREADS);
        return new CompareResult.CpuUse(
                use.process() + " less its JIT",
                use.from(),
                use.records(),
                use.seconds(),
                Math.max(0, use.cpuSeconds() - jit));
    }

    /** Every pair judged over the rounds; none where /proc was not read (not the local stack). */
    static List<Verdict> judge(List<CompareResult.CpuCost> rounds) {
        CompareResult.CpuCost c = CompareResult.CpuCost.total(rounds);
        List<Verdict> v = new ArrayList<>();
        if (c.toolProc() == null) {
            return v;
        }
        if (c.toolsWorkProc() != null) {
            for (Pair p : List.of(SENDING, PRODUCER_IO)) {
                v.add(overRounds(
                        rounds,
                        r -> sides(
                                p,
                                r.toolsWorkProc(),
                                r.producerAppToolsWork(),
                                r.toolProc(),
                                r.producerPerformance())));
            }
        }
        if (c.labProc() != null && c.labRecordsProc() != null) {
            v.add(overRounds(
                    rounds,
                    r -> sides(
                            POLLING,
                            r.labProc(),
                            r.consumerApp(),
                            r.labRecordsProc(),
                            r.consumerPerformanceLabRecords())));
        }
        return v;
    }

    static List<Verdict> judge(CompareResult.CpuCost c) {
        return judge(List.of(c));
    }

    private static Sides sides(
            Pair p,
            ProcWindow.Result labProc,
            CompareResult.CpuUse lab,
            ProcWindow.Result toolProc,
            CompareResult.CpuUse tool) {
        return new Sides(
                thread(p.labProcess(), p.labThread(), p.role(), labProc, lab),
                thread(p.toolProcess(), p.toolThread(), p.role(), toolProc, tool));
    }

    /** The thread's CPU over its process's window and records; no records where the thread was not seen. */
    private static CompareResult.CpuUse thread(
            String process, String thread, String role, ProcWindow.Result proc, CompareResult.CpuUse use) {
        Map<String, Double> threads = proc.threads().getOrDefault(process, Map.of());
        double seconds = secondsOf(threads, thread);
        boolean seen = threads.keySet().stream().anyMatch(n -> n.startsWith(thread));
        return new CompareResult.CpuUse(
                process + " " + role + " `" + thread + "`",
                use.from(),
                seen ? use.records() : 0,
                use.seconds(),
                seconds);
    }

    /** The CPU seconds of a process's threads whose names start with {@code prefix}. */
    static double secondsOf(Map<String, Double> threads, String prefix) {
        return threads.entrySet().stream()
                .filter(e -> e.getKey().startsWith(prefix))
                .mapToDouble(Map.Entry::getValue)
                .sum();
    }
}
