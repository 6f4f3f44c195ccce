package dev.latencylab.runner.compare;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BinaryOperator;

/**
 * What /proc says about one CPU window, read at its start and at its end: each named process's threads
 * (the lab apps', the tools'), the brokers' processes together, and the machine.
 */
final class ProcWindow {

    private final ProcCpu proc;
    private final Map<String, Long> processes;
    private final List<Long> brokers;
    private final Map<String, Map<String, Double>> threadsAtStart = new LinkedHashMap<>();
    private final Map<String, Map<String, Long>> wakeUpsAtStart = new LinkedHashMap<>();
    private final double brokersAtStart;
    private final ProcCpu.Machine machineAtStart;

    /** @param processes the processes whose threads are read, by the name the report gives them */
    ProcWindow(ProcCpu proc, Map<String, Long> processes, List<Long> brokers) {
        this.proc = proc;
        this.processes = processes;
        this.brokers = brokers;
        processes.forEach((name, pid) -> {
            threadsAtStart.put(name, proc.threads(pid));
            wakeUpsAtStart.put(name, proc.wakeUps(pid));
        });
        this.brokersAtStart = brokersSeconds();
        this.machineAtStart = proc.machine();
    }

    /** The window's figures, read now. */
    Result end() {
        Map<String, Map<String, Double>> threads = new LinkedHashMap<>();
        processes.forEach((name, pid) -> {
            Map<String, Double> before = threadsAtStart.get(name);
            Map<String, Double> used = new TreeMap<>();
            proc.threads(pid).forEach((thread, seconds) -> {
                double d = seconds - before.getOrDefault(thread, 0.0);
                if (d > 0) {
                    used.put(thread, d);
                }
            });
            threads.put(name, used);
        });
        Map<String, Map<String, Long>> wakeUps = new LinkedHashMap<>();
        processes.forEach((name, pid) -> {
            Map<String, Long> before = wakeUpsAtStart.get(name);
            Map<String, Long> woke = new TreeMap<>();
            proc.wakeUps(pid).forEach((thread, count) -> {
                long d = count - before.getOrDefault(thread, 0L);
                if (d > 0) {
                    woke.put(thread, d);
                }
            });
            wakeUps.put(name, woke);
        });
        ProcCpu.Machine m = proc.machine();
        return new Result(
                threads,
                brokers.isEmpty() ? null : brokersSeconds() - brokersAtStart,
                brokers.size(),
                m == null || machineAtStart == null ? null : m.minus(machineAtStart),
                wakeUps);
    }

    private double brokersSeconds() {
        return brokers.stream().mapToDouble(proc::process).sum();
    }

    /**
     * @param threads       by process name, CPU seconds by thread name
     * @param brokerSeconds the brokers' CPU seconds together; null when their processes are not known
     * @param machine       the machine's CPU over the window; null where /proc/stat is not there
     * @param wakeUps       by process name, voluntary context switches by thread name ({@link ProcCpu#wakeUps})
     */
    record Result(
            Map<String, Map<String, Double>> threads,
            Double brokerSeconds,
            int brokers,
            ProcCpu.Machine machine,
            Map<String, Map<String, Long>> wakeUps) {

        Result {
            wakeUps = wakeUps == null ? Map.of() : wakeUps;
        }

        /** A window whose threads' wake-ups were not read. */
        Result(Map<String, Map<String, Double>> threads, Double brokerSeconds, int brokers, ProcCpu.Machine machine) {
            this(threads, brokerSeconds, brokers, machine, Map.of());
        }

        /**
         * Two windows' figures together (one per round): each thread's CPU and wake-ups summed by name; the
         * brokers' and the machine's unknown where either window did not know them.
         */
        Result plus(Result other) {
            return new Result(
                    merge(threads, other.threads, Double::sum),
                    brokerSeconds == null || other.brokerSeconds == null ? null : brokerSeconds + other.brokerSeconds,
                    Math.max(brokers, other.brokers),
                    machine == null || other.machine == null ? null : machine.plus(other.machine),
                    merge(wakeUps, other.wakeUps, Long::sum));
        }

        private static <V> Map<String, Map<String, V>> merge(
                Map<String, Map<String, V>> a, Map<String, Map<String, V>> b, BinaryOperator<V> sum) {
            Map<String, Map<String, V>> m = new LinkedHashMap<>();
            a.forEach((process, byThread) -> m.put(process, new TreeMap<>(byThread)));
            b.forEach((process, byThread) -> byThread.forEach((thread, v) ->
                    m.computeIfAbsent(process, k -> new TreeMap<>()).merge(thread, v, sum)));
            return m;
        }

        /** The thread's wake-ups in the window; 0 where none were read. */
        long wakeUps(String process, String thread) {
            return wakeUps.getOrDefault(process, Map.of()).getOrDefault(thread, 0L);
        }
    }
}
