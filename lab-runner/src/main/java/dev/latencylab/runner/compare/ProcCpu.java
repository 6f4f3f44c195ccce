package dev.latencylab.runner.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * CPU time as Linux's /proc counts it, where a process's own total cannot say where the time went: by
 * thread of a process (its sending or polling thread, the Kafka client's I/O thread, GC, JIT), for the
 * brokers, and for the whole machine with the time its hypervisor took (steal). Read at both ends of a
 * window; a process or thread that is gone reads as nothing.
 */
final class ProcCpu {

    /** USER_HZ: the unit of /proc's CPU times, 100 on every Linux the lab runs on. */
    static final double TICKS_PER_SECOND = 100;

    private final Path proc;

    ProcCpu(Path proc) {
        this.proc = proc;
    }

    /**
     * CPU seconds by thread name, digits folded to {@code N} ({@code GC Thread#0} and {@code #1} are one
     * line, as are a client's numbered threads); empty when the process is gone.
     */
    Map<String, Double> threads(long pid) {
        Map<String, Double> byName = new TreeMap<>();
        forEachThread(pid, (name, s, task) -> byName.merge(name, s.seconds(), Double::sum));
        return byName;
    }

    /**
     * Voluntary context switches by thread name, folded as {@link #threads}: each is a thread giving up
     * its core to wait (a poll with nothing to read, a lock, a sleep), so per record they count how
     * often a thread woke for its work; empty when the process is gone.
     */
    Map<String, Long> wakeUps(long pid) {
        Map<String, Long> byName = new TreeMap<>();
        forEachThread(pid, (name, s, task) -> {
            Long switches = voluntarySwitches(task.resolve("status"));
            if (switches != null) {
                byName.merge(name, switches, Long::sum);
            }
        });
        return byName;
    }

    /** What is done with each thread: its name with digits folded to N, its stat, its /proc task folder. */
    private interface ThreadVisit {
        void visit(String name, Stat stat, Path task);
    }

    /** Each thread of the process whose stat could be read; nothing when the process is gone. */
    private void forEachThread(long pid, ThreadVisit each) {
        Path tasks = proc.resolve(Long.toString(pid)).resolve("task");
        if (!Files.isDirectory(tasks)) {
            return;
        }
        try (Stream<Path> ts = Files.list(tasks)) {
            for (Path t : ts.toList()) {
                Stat s = stat(t.resolve("stat"));
                if (s != null) {
                    each.visit(s.name().replaceAll("\\d+", "N"), s, t);
                }
            }
        } catch (IOException e) {
            // The process ended while its threads were listed: what was read stands.
        }
    }

    private static Long voluntarySwitches(Path status) {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // Gone, or a kernel without the line: not counted.
        }
        return null;
    }

    /** The process's own CPU seconds, all its threads (0 when gone). */
    double process(long pid) {
        Stat s = stat(proc.resolve(Long.toString(pid)).resolve("stat"));
        return s == null ? 0 : s.seconds();
    }

    /** Of {@code pids}, those whose command line contains {@code part} (the brokers: kafka.Kafka). */
    List<Long> commandContains(List<Long> pids, String part) {
        List<Long> found = new ArrayList<>();
        for (long pid : pids) {
            try {
                String cmd = new String(
                                Files.readAllBytes(
                                        proc.resolve(Long.toString(pid)).resolve("cmdline")),
                                StandardCharsets.UTF_8)
                        .replace('\0', ' ');
                if (cmd.contains(part)) {
                    found.add(pid);
                }
            } catch (IOException e) {
                // Gone: not one of them any more.
            }
        }
        return found;
    }

    /**
     * The machine's CPU seconds since boot, summed over its CPUs: busy (user, nice, system, irq,
     * softirq), steal, and all (idle and iowait included); null where /proc/stat is not there.
     */
    Machine machine() {
        try {
            for (String line : Files.readAllLines(proc.resolve("stat"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    double[] v = new double[f.length - 1];
                    for (int i = 1; i < f.length; i++) {
                        v[i - 1] = Long.parseLong(f[i]) / TICKS_PER_SECOND;
                    }
                    double busy = v[0] + v[1] + v[2] + v[5] + v[6];
                    double steal = v.length > 7 ? v[7] : 0;
                    return new Machine(busy, steal, busy + steal + v[3] + v[4]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or a /proc of another shape: the machine's figure is not given.
        }
        return null;
    }

    /** The machine's CPU seconds: a difference of two readings is a window's. */
    record Machine(double busySeconds, double stealSeconds, double allSeconds) {
        Machine minus(Machine earlier) {
            return new Machine(
                    busySeconds - earlier.busySeconds,
                    stealSeconds - earlier.stealSeconds,
                    allSeconds - earlier.allSeconds);
        }

        Machine plus(Machine other) {
            return new Machine(
                    busySeconds + other.busySeconds, stealSeconds + other.stealSeconds, allSeconds + other.allSeconds);
        }
    }

    private record Stat(String name, double seconds) {}

    /** comm sits in parentheses and may hold spaces; utime and stime are the 12th and 13th fields after it. */
    private static Stat stat(Path file) {
        try {
            String s = Files.readString(file, StandardCharsets.UTF_8);
            int open = s.indexOf('(');
            int close = s.lastIndexOf(')');
            String[] f = s.substring(close + 2).trim().split("\\s+");
            return new Stat(
                    s.substring(open + 1, close), (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
