package dev.latencylab.runner.run;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.faults.FaultException;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.scenario.TimedFault;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A phase's steps on consumer-app instances ({@code consumer-N}). Taking one down is quick (a
 * signal); starting one takes its JVM's start, 10-50 s on 2 cores under load, so a start runs on
 * its own thread and the phase's schedule goes on: the next steps keep their times. A started
 * instance is asked again once it answers, and told of the phase's slow-record watch. A step on an
 * instance still starting, or taking down the one instance answering while others start, waits for
 * those starts: the runner reads the phase from a running instance. A takedown that would still
 * leave none answering (a start failed) is not carried out, said as a failed step.
 */
final class ConsumerFaults {

    private final RunContext run;
    /** Starts under way, by instance. */
    private final PendingStarts<Done> starts;

    /** Instances a takedown left running in a phase: their own start step is not carried out either. */
    private final Set<Spared> spared = new HashSet<>();

    private record Spared(int phase, int instance) {}

    /** How a start ended: when the instance answered (or the error), and a note for the record. */
    private record Done(Instant answered, String error, String note) {}

    ConsumerFaults(RunContext run) {
        this.run = run;
        this.starts = new PendingStarts<>(
                "consumer-start", e -> new Done(run.clock.instant(), String.valueOf(e), null), this::settled);
    }

    /**
     * Carries out {@code step} on instance {@code n}, {@code at} seconds into the window, the load
     * writing {@code topic}. A step on
     * an instance still starting waits for that start first.
     */
    void act(PhaseTracker t, TimedFault step, int n, double at, String topic) throws InterruptedException {
        if (starts.await(t, n)) {
            // Carried out when that start ended, not when it was due.
            at = t.secondsIntoWindow(run.clock.instant());
        }
        if (step.action().takesDown() && run.consumer.othersDown(n)) {
            String starting =
                    starts.targets(t).stream().sorted().map(String::valueOf).collect(Collectors.joining(", "));
            if (!starting.isEmpty()) {
                run.out.printf(
                        Locale.ROOT,
                        "  %s consumer-app %d waits for consumer-app %s to answer: it is the only one running%n",
                        step.action().label(),
                        n,
                        starting);
                starts.settle(t, true);
                at = t.secondsIntoWindow(run.clock.instant());
            }
            if (run.consumer.othersDown(n)) {
                // A start that failed: taken down, the last instance would leave the phase unread and end the run.
                spared.add(new Spared(t.phaseId, n));
                record(
                        t,
                        step,
                        n,
                        at,
                        null,
                        Duration.ZERO,
                        "not carried out: consumer-app " + n + " is the only"
                                + " instance answering ("
                                + (starting.isEmpty()
                                        ? "a start failed"
                                        : "the start of consumer-app " + starting + " failed")
                                + "), and the run reads the phase from it");
                return;
            }
        }
        if (!step.action().takesDown() && spared.remove(new Spared(t.phaseId, n))) {
            // Started again, the running instance would lose the phase's slow-record counts it keeps.
            record(t, step, n, at, null, Duration.ZERO, "not carried out: consumer-app " + n + " was not taken down");
            return;
        }
        if (!step.action().takesDown()) {
            run.out.printf(
                    Locale.ROOT,
                    "  %s consumer-app %d at %.1f s (its JVM starts)%n",
                    step.action().label(),
                    n,
                    at);
            starts.begin(t, n, step, at, () -> start(t, n));
            return;
        }
        List<Integer> held = held(n, topic);
        Instant started = run.clock.instant();
        String error = null;
        try {
            // Left out of the group's reads first: its answers would stop mid-read.
            run.consumer.takenDown(n);
            run.consumers.act(step.action(), n);
        } catch (FaultException | IllegalArgumentException e) {
            error = e.getMessage() + rejoined(n);
        }
        record(t, step, n, at, held, Duration.between(started, run.clock.instant()), error);
    }

    /**
     * The partitions of the load's topic instance {@code n} says it holds: what its stop or death
     * takes from the group (the coordinator's view names members, not instances). Null when it
     * does not answer.
     */
    private List<Integer> held(int n, String topic) throws InterruptedException {
        try {
            return run.consumer.instanceView(n).assigned().getOrDefault(topic, List.of());
        } catch (EndpointException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Settles the starts that have ended; with {@code wait}, waits for every one (bounded by the control's own timeout). */
    void settle(PhaseTracker t, boolean wait) throws InterruptedException {
        starts.settle(t, wait);
    }

    private void settled(PhaseTracker t, int n, TimedFault step, double at, Done d) {
        Instant issued = t.windowInstant(at);
        record(t, step, n, at, null, Duration.between(issued, d.answered()), d.error());
        if (d.note() != null) {
            run.warn("phase " + t.phase.name() + ": " + d.note());
        }
    }

    /** On the start's own thread: the instance started, asked again, told of the watch. */
    private Done start(PhaseTracker t, int n) {
        try {
            run.consumers.act(TimedFault.Action.RESTART, n);
            Instant answered = run.clock.instant();
            run.consumer.backUp(n);
            // Records it read before it was told of the watch were not looked at: said, never hidden.
            long early = run.consumer.watch(n, t.phaseId, t.watchAboveMs());
            List<String> notes = new ArrayList<>();
            if (early > 0) {
                notes.add("consumer-app " + n + " had read " + early + " records of the phase before it was told of"
                        + " the slow-record watch; the slow ones among them are not counted as delayed");
            }
            try {
                run.consumer.settingsDiffer(n).ifPresent(notes::add);
            } catch (RuntimeException e) {
                // Another step may be taking the other instance down meanwhile: said, and the start stands.
                notes.add("consumer-app " + n + "'s consumer settings could not be compared with the others' ("
                        + e.getMessage() + ")");
            }
            return new Done(answered, null, notes.isEmpty() ? null : String.join("; ", notes));
        } catch (FaultException | EndpointException | IllegalArgumentException e) {
            return new Done(run.clock.instant(), e.getMessage() + rejoined(n), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Done(run.clock.instant(), "interrupted", null);
        }
    }

    /**
     * After a failed step: whether the instance answers anyway (a start slower than the control's
     * wait, a stop that did not take); if it does, it is read again, so nothing it reads is missed.
     */
    private String rejoined(int n) {
        try {
            run.consumer.instanceView(n);
        } catch (EndpointException | IllegalArgumentException e) {
            return "; consumer-app " + n + " does not answer: start it with scripts/lab consumer restart " + n;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
        run.consumer.backUp(n);
        return "; consumer-app " + n + " answers nonetheless and is read again";
    }

    private void record(
            PhaseTracker t, TimedFault step, int n, double at, List<Integer> held, Duration took, String error) {
        double seconds = took.toMillis() / 1000.0;
        t.faults.stepDone(new Outage.FaultStepTaken(at, step.action().label(), 0, n, held, seconds, error));
        if (error != null) {
            run.warn("phase " + t.phase.name() + ": " + step.describe() + " failed: " + error);
        } else if (step.action().takesDown()) {
            run.out.printf(
                    Locale.ROOT,
                    "  %s consumer-app %d at %.1f s (took %.1f s; it held partitions %s)%n",
                    step.action().label(),
                    n,
                    at,
                    seconds,
                    held == null ? "unknown" : held);
        } else {
            run.out.printf(
                    Locale.ROOT,
                    "  consumer-app %d (%s at %.1f s) answers again, %.1f s later%n",
                    n,
                    step.action().label(),
                    at,
                    seconds);
        }
    }
}
