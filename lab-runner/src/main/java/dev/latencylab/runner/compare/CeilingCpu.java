package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A producer's CPU over its throughput window, from /proc: its process by thread, the brokers' and the machine's.
 * At the ceiling each broker answers the producer's requests back to back, so on shared cores the rate is the
 * brokers' request time, and what a producer spends (its GC above all) is CPU the brokers lack: printed beside
 * the throughput ratio, not judged (docs/benchmarks.md, "At the ceiling").
 *
 * @param process the producer's name in the report: producer-app or ProducerPerformance
 */
record CeilingCpu(Instant start, Instant end, String process, ProcWindow.Result proc) {

    /** G1's threads as the kernel names them, digits folded: parallel workers, concurrent marking, refinement. */
    static final String[] GC_THREADS = {"GC Thread", "GN "};

    @JsonProperty("seconds")
    public double seconds() {
        return Duration.between(start, end).toNanos() / 1e9;
    }

    /** The whole process, in cores (CPU-s per s). */
    @JsonProperty("processCores")
    public double processCores() {
        return cores(
                threads().values().stream().mapToDouble(Double::doubleValue).sum());
    }

    @JsonProperty("gcCores")
    public double gcCores() {
        return cores(secondsOf(GC_THREADS));
    }

    @JsonProperty("ioCores")
    public double ioCores() {
        return cores(secondsOf(CpuThreadGoals.PRODUCER_IO.labThread()));
    }

    /** The thread that calls send(): the producer-app's {@code lab-sender}, the tool's {@code main} ("java"). */
    @JsonProperty("sendingCores")
    public double sendingCores() {
        CpuThreadGoals.Pair p = CpuThreadGoals.SENDING;
        return cores(secondsOf(process.equals(p.labProcess()) ? p.labThread() : p.toolThread()));
    }

    /** The brokers' CPU in cores; null where their processes are not known (not the local stack). */
    @JsonProperty("brokerCores")
    public Double brokerCores() {
        return proc.brokerSeconds() == null ? null : cores(proc.brokerSeconds());
    }

    /** The machine's busy CPU in cores; null where /proc/stat was not read. */
    @JsonProperty("machineBusyCores")
    public Double machineBusyCores() {
        return proc.machine() == null ? null : cores(proc.machine().busySeconds());
    }

    /** µs of the process's CPU per record at {@code recordsPerSec}; null without records. */
    Double microsPerRecord(double recordsPerSec) {
        return recordsPerSec > 0 ? processCores() * 1e6 / recordsPerSec : null;
    }

    private Map<String, Double> threads() {
        return proc.threads().getOrDefault(process, Map.of());
    }

    /** The CPU seconds of the threads whose folded names start with one of {@code prefixes} (which never overlap). */
    private double secondsOf(String... prefixes) {
        double sum = 0;
        for (String prefix : prefixes) {
            sum += CpuThreadGoals.secondsOf(threads(), prefix);
        }
        return sum;
    }

    private double cores(double cpuSeconds) {
        double s = seconds();
        return s > 0 ? cpuSeconds / s : 0;
    }

    /** Reads /proc when the window opens and when it closes; reads nothing for a process whose pid is unknown. */
    static final class Watch implements WindowEdges {

        private final CompareContext ctx;
        private final Clock clock;
        private final String process;
        private final Long pid;
        private ProcWindow window;
        private Instant opened;
        private CeilingCpu result;

        Watch(CompareContext ctx, Clock clock, String process, Long pid) {
            this.ctx = ctx;
            this.clock = clock;
            this.process = process;
            this.pid = pid;
        }

        @Override
        public void opened() {
            if (pid != null) {
                opened = clock.instant();
                window = new ProcWindow(ctx.procCpu(), Map.of(process, pid), ctx.brokerPids());
            }
        }

        @Override
        public void closed() {
            if (window != null) {
                result = new CeilingCpu(opened, clock.instant(), process, window.end());
            }
        }

        /** Null until the window closed, and where nothing was read. */
        CeilingCpu result() {
            return result;
        }
    }
}
