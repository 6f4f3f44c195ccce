package dev.latencylab.core.sends;

import dev.latencylab.api.producer.SenderTime;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Samples one thread's scheduler statistics (Linux: CPU time and run-queue wait, nanoseconds)
 * and the JVM's collector totals, so a phase can say where its sender's time went. Made on the
 * thread it watches; read from any thread.
 */
public final class ThreadClock {

    /** A reading; {@code onCpuNanos} and {@code waitNanos} are -1 where the kernel gives none. */
    public record Sample(long atNanos, long onCpuNanos, long waitNanos, long gcMillis, long gcCount) {

        /** What happened from this sample to {@code later}. */
        public SenderTime until(Sample later) {
            boolean sched = onCpuNanos >= 0 && later.onCpuNanos >= 0;
            return new SenderTime(
                    (later.atNanos - atNanos) / 1e9,
                    sched ? (later.onCpuNanos - onCpuNanos) / 1e6 : null,
                    sched ? (later.waitNanos - waitNanos) / 1e6 : null,
                    later.gcMillis - gcMillis,
                    later.gcCount - gcCount);
        }
    }

    /** Nothing to read: every sample has only the time and the collectors. */
    public static final ThreadClock NONE = new ThreadClock(null);

    private final Path schedstat;

    private ThreadClock(Path schedstat) {
        this.schedstat = schedstat;
    }

    /** The calling thread's clock: /proc/thread-self names it as &lt;pid&gt;/task/&lt;tid&gt;. */
    public static ThreadClock ofCurrentThread() {
        try {
            Path self = Path.of("/proc/thread-self");
            Path task = Path.of("/proc").resolve(Files.readSymbolicLink(self)).resolve("schedstat");
            return Files.isReadable(task) ? new ThreadClock(task) : NONE;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return NONE;
        }
    }

    public Sample sample() {
        long gcMillis = 0;
        long gcCount = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcMillis += Math.max(0, gc.getCollectionTime());
            gcCount += Math.max(0, gc.getCollectionCount());
        }
        long onCpu = -1;
        long wait = -1;
        if (schedstat != null) {
            try {
                // "<on cpu ns> <run-queue wait ns> <timeslices>"
                String[] f = Files.readString(schedstat).trim().split("\\s+");
                onCpu = Long.parseLong(f[0]);
                wait = Long.parseLong(f[1]);
            } catch (IOException | RuntimeException e) {
                onCpu = -1;
                wait = -1;
            }
        }
        return new Sample(System.nanoTime(), onCpu, wait, gcMillis, gcCount);
    }
}
