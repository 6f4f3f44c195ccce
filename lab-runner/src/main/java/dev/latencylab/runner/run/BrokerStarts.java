package dev.latencylab.runner.run;

import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.scenario.TimedFault;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * A phase's broker starts ({@code restart} steps). Carried out on the window's own thread, a start
 * held the window open until the broker answered (a 45 s window measured 70 s); now each runs on a
 * thread of its own ({@link PendingStarts}), as consumer-app starts do.
 */
final class BrokerStarts {

    /** How a start ended: when the control returned, and its error (null: none). */
    private record BrokerAnswer(Instant answered, String error) {}

    private final RunContext run;
    private final PendingStarts<BrokerAnswer> starts;

    BrokerStarts(RunContext run) {
        this.run = run;
        this.starts = new PendingStarts<>(
                "broker-start", e -> new BrokerAnswer(run.clock.instant(), String.valueOf(e)), this::settled);
    }

    /**
     * Starts {@code node}, {@code at} seconds into the window, on a thread of its own: {@code act}
     * carries the step out and gives its error, null when there is none.
     */
    void begin(PhaseTracker t, TimedFault step, int node, double at, IntFunction<String> act) {
        run.out.printf(
                Locale.ROOT,
                "  %s kafka-%d at %.1f s (its JVM starts)%n",
                step.action().label(),
                node,
                at);
        starts.begin(t, node, step, at, () -> {
            String error = act.apply(node);
            return new BrokerAnswer(run.clock.instant(), error);
        });
    }

    /** Waits for {@code node}'s start, when one is under way: a step on a broker still starting comes after it. */
    boolean awaitStart(PhaseTracker t, int node) throws InterruptedException {
        return starts.await(t, node);
    }

    /** The brokers whose start is under way and not yet settled. */
    Set<Integer> starting(PhaseTracker t) {
        return starts.targets(t);
    }

    /** Settles the starts that have ended; with {@code wait}, waits for every one. */
    void settle(PhaseTracker t, boolean wait) throws InterruptedException {
        starts.settle(t, wait);
    }

    private void settled(PhaseTracker t, int node, TimedFault step, double at, BrokerAnswer d) {
        Instant issued = t.windowInstant(at);
        double took = Duration.between(issued, d.answered()).toMillis() / 1000.0;
        // The ISR's recovery is timed from when the broker answered, however much later this is settled.
        t.faults.stepDone(
                new Outage.FaultStepTaken(at, step.action().label(), node, null, null, took, d.error()), d.answered());
        if (d.error() != null) {
            run.warn("phase " + t.phase.name() + ": " + step.describe() + " failed: " + d.error());
        } else {
            run.out.printf(
                    Locale.ROOT,
                    "  kafka-%d (%s at %.1f s) answers again, %.1f s later%n",
                    node,
                    step.action().label(),
                    at,
                    took);
        }
    }
}
