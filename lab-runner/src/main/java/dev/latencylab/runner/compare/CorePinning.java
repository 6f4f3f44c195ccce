package dev.latencylab.runner.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Gives the producer a core of its own with {@code taskset}: either the whole producer-app JVM, or
 * its sender thread alone (every other thread of the JVM then with the rest), on the machine's last
 * CPU, and every other process of the stack (brokers, consumer-app, Prometheus, this runner) on the
 * others; afterwards every one of them is put back on the CPUs it had (read from
 * /proc/&lt;pid&gt;/status before the first move). Only process ids the lab started
 * are touched (scripts/lab passes them from its pid files), and threads are found by name in
 * /proc/&lt;pid&gt;/task.
 */
final class CorePinning {

    /** The producer-app's sender thread, as its JVM names it (LoadGenerator). */
    static final String SENDER_THREAD = "lab-sender";

    private static final Duration TASKSET_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration SENDER_WAIT = Duration.ofSeconds(3);

    private final CompareContext ctx;
    private final long producerPid;
    private final List<Long> others;
    private final int cpus;
    private final Path proc;
    /** The processes moved so far and the CPUs each had before. */
    private final Map<Long, String> before = new LinkedHashMap<>();

    CorePinning(CompareContext ctx, long producerPid, List<Long> stackPids, int cpus, Path proc) {
        this.ctx = ctx;
        this.producerPid = producerPid;
        List<Long> o = new ArrayList<>(stackPids);
        o.add(ProcessHandle.current().pid());
        this.others = List.copyOf(o);
        this.cpus = cpus;
        this.proc = proc;
    }

    /** The reserved CPU: the last one. */
    String reservedCpu() {
        return Integer.toString(cpus - 1);
    }

    /** Everyone else's: all but the last. */
    String otherCpus() {
        return cpus == 2 ? "0" : "0-" + (cpus - 2);
    }

    int otherProcesses() {
        return others.size();
    }

    /** Every thread of the producer-app's JVM on the reserved CPU, the rest of the stack on the others. */
    void pinJvm() throws InterruptedException {
        remember();
        taskset(true, producerPid, reservedCpu());
        for (long pid : others) {
            taskset(true, pid, otherCpus());
        }
    }

    /**
     * The sender thread alone on the reserved CPU, every other thread of its JVM and the rest of the
     * stack on the others. Call it once the load runs: the thread is made anew when the load starts.
     */
    void pinSender() throws InterruptedException {
        remember();
        long tid = awaitSenderThread();
        taskset(true, producerPid, otherCpus());
        for (long pid : others) {
            taskset(true, pid, otherCpus());
        }
        taskset(false, tid, reservedCpu());
    }

    /**
     * Every process it moved back on the CPUs it had before (all its threads); never throws: what
     * could not be put back is returned, to be reported. Safe to call again.
     */
    List<String> release() {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<Long, String> e : new ArrayList<>(before.entrySet())) {
            try {
                taskset(true, e.getKey(), e.getValue());
                before.remove(e.getKey());
            } catch (CompareException | InterruptedException x) {
                if (x instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                failures.add("process " + e.getKey() + " may still run on fewer CPUs than its " + e.getValue() + ": "
                        + x.getMessage() + " (taskset -a -p -c " + e.getValue() + " " + e.getKey() + ")");
            }
        }
        return failures;
    }

    /** Each process's CPUs before the first placement: what release puts back. */
    private void remember() {
        List<Long> all = new ArrayList<>(others);
        all.add(0, producerPid);
        for (long pid : all) {
            if (!before.containsKey(pid)) {
                before.put(pid, cpusAllowed(pid));
            }
        }
    }

    private String cpusAllowed(long pid) {
        Path status = proc.resolve(pid + "/status");
        try {
            return Files.readAllLines(status).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .map(l -> l.substring("Cpus_allowed_list:".length()).strip())
                    .findFirst()
                    .orElseThrow(() -> new CompareException("no Cpus_allowed_list in " + status));
        } catch (IOException e) {
            throw new CompareException(
                    "could not read the CPUs of process " + pid + " in " + status + ": " + e.getMessage());
        }
    }

    /** The sender thread is made when the load starts: it may take a moment to appear. */
    private long awaitSenderThread() throws InterruptedException {
        long deadline = System.nanoTime() + SENDER_WAIT.toNanos();
        while (true) {
            Optional<Long> tid = senderThread();
            if (tid.isPresent()) {
                return tid.get();
            }
            if (System.nanoTime() > deadline) {
                throw new CompareException("the producer-app (pid " + producerPid + ") has no thread named "
                        + SENDER_THREAD + " in " + proc.resolve(producerPid + "/task") + " " + SENDER_WAIT.toSeconds()
                        + " s after its load started");
            }
            Thread.sleep(100);
        }
    }

    Optional<Long> senderThread() {
        Path tasks = proc.resolve(producerPid + "/task");
        try (Stream<Path> threads = Files.list(tasks)) {
            return threads.filter(t -> name(t).equals(SENDER_THREAD))
                    .map(t -> Long.parseLong(t.getFileName().toString()))
                    .findFirst();
        } catch (IOException e) {
            throw new CompareException(
                    "could not list the threads of the producer-app in " + tasks + ": " + e.getMessage());
        }
    }

    private static String name(Path thread) {
        try {
            return Files.readString(thread.resolve("comm")).strip();
        } catch (IOException e) {
            return ""; // the thread ended while the list was read
        }
    }

    private void taskset(boolean allThreads, long pid, String cpuList) throws InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("taskset"));
        if (allThreads) {
            cmd.add("-a");
        }
        cmd.addAll(List.of("-p", "-c", cpuList, Long.toString(pid)));
        ToolRun r = ctx.runner.run(cmd, TASKSET_TIMEOUT, ctx.toolLog("taskset-" + pid));
        if (!r.ok()) {
            throw new CompareException(
                    "could not set the CPUs of " + (allThreads ? "process " : "thread ") + pid + " to " + cpuList
                            + " (taskset exit " + r.exitCode() + ", output in " + r.log() + "): " + r.tail(2));
        }
    }
}
