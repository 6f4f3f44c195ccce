package dev.latencylab.runner.compare;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Gives the producer-app a core of its own: {@code taskset} puts every thread of its JVM on the
 * machine's last CPU and every other process of the stack (brokers, consumer-app, Prometheus, this
 * runner) on the others, and afterwards lets every one of them run on any CPU again. Only process
 * ids the lab started are touched (scripts/lab passes them from its pid files).
 */
final class CorePinning {

    private static final Duration TASKSET_TIMEOUT = Duration.ofSeconds(10);

    private final CompareContext ctx;
    private final long producerPid;
    private final List<Long> others;
    private final int cpus;

    CorePinning(CompareContext ctx, long producerPid, List<Long> stackPids, int cpus) {
        this.ctx = ctx;
        this.producerPid = producerPid;
        List<Long> o = new ArrayList<>(stackPids);
        o.add(ProcessHandle.current().pid());
        this.others = List.copyOf(o);
        this.cpus = cpus;
    }

    /** The producer-app's CPU: the last one. */
    String producerCpu() {
        return Integer.toString(cpus - 1);
    }

    /** Everyone else's: all but the last. */
    String otherCpus() {
        return cpus == 2 ? "0" : "0-" + (cpus - 2);
    }

    void pin() throws InterruptedException {
        taskset(producerPid, producerCpu());
        for (long pid : others) {
            taskset(pid, otherCpus());
        }
    }

    /** Every process on every CPU again, as they were started. */
    void release() throws InterruptedException {
        String all = "0-" + (cpus - 1);
        taskset(producerPid, all);
        for (long pid : others) {
            taskset(pid, all);
        }
    }

    private void taskset(long pid, String cpuList) throws InterruptedException {
        List<String> cmd = List.of("taskset", "-a", "-p", "-c", cpuList, Long.toString(pid));
        ToolRun r = ctx.runner.run(cmd, TASKSET_TIMEOUT, ctx.toolLog("taskset-" + pid));
        if (!r.ok()) {
            throw new CompareException("could not set the CPUs of process " + pid + " to " + cpuList + " (taskset exit "
                    + r.exitCode() + ", output in " + r.log() + "): " + r.tail(2));
        }
    }
}
