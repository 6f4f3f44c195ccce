package dev.latencylab.runner.run;

import dev.latencylab.runner.scenario.TimedFault;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A phase's fault steps that start a JVM (a broker's, a consumer-app instance's: 10-55 s on 2 cores
 * under load), each on a thread of its own, so the window keeps its length and the later steps
 * their times; by phase and by what they start (a node id, an instance number). A start is
 * settled, its outcome handed on, on the window's thread: when it has ended, at the next step,
 * or waited for.
 *
 * @param <D> how a start ended
 */
final class PendingStarts<D> {

    /** What a settled start gives the phase: its step record, its lines. */
    @FunctionalInterface
    interface Settled<D> {
        void settled(PhaseTracker t, int target, TimedFault step, double at, D done) throws InterruptedException;
    }

    private record Start<D>(TimedFault step, double at, CompletableFuture<D> done) {}

    private final ExecutorService threads;
    private final Function<Throwable, D> failed;
    private final Settled<D> settled;
    private final Map<PhaseTracker, Map<Integer, Start<D>>> pending = new HashMap<>();

    /**
     * @param thread the starts' threads' name
     * @param failed the outcome of a start that threw
     * @param settled what a settled start gives the phase
     */
    PendingStarts(String thread, Function<Throwable, D> failed, Settled<D> settled) {
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, thread);
            t.setDaemon(true);
            return t;
        });
        this.failed = failed;
        this.settled = settled;
    }

    /** Runs {@code start}, {@code step} {@code at} seconds into the window, on a thread of its own. */
    void begin(PhaseTracker t, int target, TimedFault step, double at, Supplier<D> start) {
        pending.computeIfAbsent(t, k -> new HashMap<>())
                .put(target, new Start<>(step, at, CompletableFuture.supplyAsync(start, threads)));
    }

    /** Waits for {@code target}'s start, when one is under way, and settles it: whether there was one. */
    boolean await(PhaseTracker t, int target) throws InterruptedException {
        Start<D> s = pending.getOrDefault(t, Map.of()).get(target);
        if (s == null) {
            return false;
        }
        settle(t, target, s, true);
        return true;
    }

    /** The targets whose start is under way and not yet settled. */
    Set<Integer> targets(PhaseTracker t) {
        return Set.copyOf(pending.getOrDefault(t, Map.of()).keySet());
    }

    /** Settles the starts that have ended; with {@code wait}, waits for every one (bounded by the control's own timeout). */
    void settle(PhaseTracker t, boolean wait) throws InterruptedException {
        for (Map.Entry<Integer, Start<D>> e :
                new ArrayList<>(pending.getOrDefault(t, Map.of()).entrySet())) {
            settle(t, e.getKey(), e.getValue(), wait);
        }
        if (pending.getOrDefault(t, Map.of()).isEmpty()) {
            pending.remove(t);
        }
    }

    private void settle(PhaseTracker t, int target, Start<D> s, boolean wait) throws InterruptedException {
        if (!wait && !s.done().isDone()) {
            return;
        }
        D d;
        try {
            d = s.done().get();
        } catch (ExecutionException e) {
            d = failed.apply(e.getCause());
        }
        pending.get(t).remove(target);
        settled.settled(t, target, s.step(), s.at(), d);
    }
}
