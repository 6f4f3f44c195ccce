package dev.latencylab.runner.compare;

import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * The CPU part's rounds added up: every window's records, seconds and CPU time summed, process by process
 * and thread by thread, which the tables show. The goals are judged round by round and on the median
 * ({@link CpuThreadGoals}); the sum is what a reader checks a round against.
 */
final class CpuRounds {

    private CpuRounds() {}

    /** @param rounds at least one, all at the same rate */
    static CompareResult.CpuCost total(List<CompareResult.CpuCost> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no CPU rounds");
        }
        CompareResult.CpuCost t = rounds.get(0);
        for (CompareResult.CpuCost r : rounds.subList(1, rounds.size())) {
            t = new CompareResult.CpuCost(
                    t.rate(),
                    plus(t, r, CompareResult.CpuCost::producerApp),
                    plus(t, r, CompareResult.CpuCost::producerAppToolsWork),
                    plus(t, r, CompareResult.CpuCost::producerPerformance),
                    plus(t, r, CompareResult.CpuCost::consumerApp),
                    plus(t, r, CompareResult.CpuCost::consumerPerformanceLabRecords),
                    plus(t, r, CompareResult.CpuCost::consumerPerformance),
                    // The rounds' commands differ only in the tools' group names: the first round's stand for all.
                    t.toolCommands(),
                    both(t, r, CompareResult.CpuCost::labProc, ProcWindow.Result::plus),
                    both(t, r, CompareResult.CpuCost::labRecordsProc, ProcWindow.Result::plus),
                    both(t, r, CompareResult.CpuCost::toolsWorkProc, ProcWindow.Result::plus),
                    both(t, r, CompareResult.CpuCost::toolProc, ProcWindow.Result::plus));
        }
        return t;
    }

    /** One process's windows together; the first window's start stays (a JFR recording's reader starts there). */
    private static CompareResult.CpuUse plus(
            CompareResult.CpuCost a, CompareResult.CpuCost b, Function<CompareResult.CpuCost, CompareResult.CpuUse> f) {
        return both(
                a,
                b,
                f,
                (x, y) -> new CompareResult.CpuUse(
                        x.process(),
                        x.from(),
                        x.records() + y.records(),
                        x.seconds() + y.seconds(),
                        x.cpuSeconds() + y.cpuSeconds()));
    }

    /** Null where either round lacks the figure: a sum of some rounds would pass for all of them. */
    private static <T> T both(
            CompareResult.CpuCost a,
            CompareResult.CpuCost b,
            Function<CompareResult.CpuCost, T> f,
            BinaryOperator<T> sum) {
        T x = f.apply(a);
        T y = f.apply(b);
        return x == null || y == null ? null : sum.apply(x, y);
    }
}
