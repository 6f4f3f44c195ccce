package dev.latencylab.api.producer;

/**
 * Where the open-loop sender thread's time went during one phase: what bounds its publish delay
 * on a machine it shares. From the kernel's scheduler statistics of that thread
 * ({@code /proc/<pid>/task/<tid>/schedstat}) and the JVM's garbage collectors; null fields where
 * the platform has no such figures (not Linux).
 *
 * @param seconds          the phase's length so far (or in all, once the next phase started)
 * @param onCpuMs          time the sender thread ran on a CPU
 * @param waitingForCpuMs  time it was ready to run but waited for a CPU (run-queue delay): the CPU
 *                         the machine's other processes took while the sender had a record due
 * @param gcPauseMs        time the JVM's collectors report for the phase (stop-the-world pauses
 *                         for G1's young and mixed collections), in which no thread sends
 * @param gcCount          collections in the phase
 */
public record SenderTime(double seconds, Double onCpuMs, Double waitingForCpuMs, long gcPauseMs, long gcCount) {

    /** No time yet: what a phase has before it was first the current one. */
    public static final SenderTime ZERO = new SenderTime(0, 0.0, 0.0, 0, 0);

    /** This time and {@code t}'s, as two stretches of one phase; a figure either lacks is lacking in the sum. */
    public SenderTime plus(SenderTime t) {
        return new SenderTime(
                seconds + t.seconds,
                onCpuMs == null || t.onCpuMs == null ? null : onCpuMs + t.onCpuMs,
                waitingForCpuMs == null || t.waitingForCpuMs == null ? null : waitingForCpuMs + t.waitingForCpuMs,
                gcPauseMs + t.gcPauseMs,
                gcCount + t.gcCount);
    }
}
