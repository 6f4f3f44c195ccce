package dev.latencylab.runner.run;

import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.runner.faults.FaultException;
import dev.latencylab.runner.faults.FaultWatch;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.faults.OutageLine;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.FaultStep;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A phase's fault steps ({@link FaultStep}): carried out in its window, what is still down brought
 * back, and the outage they caused closed once the phase is.
 */
public final class FaultSteps {

    /** How long a phase that restarted a broker waits, after its window, for the ISR to be whole again. */
    private static final Duration ISR_WHOLE_TIMEOUT = Duration.ofMinutes(2);

    private final RunContext run;

    FaultSteps(RunContext run) {
        this.run = run;
    }

    /**
     * Carries out one fault step. Before the first, the phase's slowest record so far (corrected
     * e2e, the whole group's) becomes the consumer's slow-record threshold, and the watch of the
     * producer and the topic's metadata starts. {@code leader} is the leader of partition 0 then.
     */
    public void inject(PhaseTracker t, FaultStep step) throws InterruptedException {
        String topic = run.producer.state().topic();
        if (t.faults == null) {
            Optional<PhaseView> before = run.consumer.read().group().phase(t.phaseId);
            t.thresholdMs = before.map(v -> v.correctedLatencyMs().max()).orElse(0.0);
            run.consumer.watch(t.phaseId, t.thresholdMs);
            t.faults = new FaultWatch(run.topics, topic, run.producer, run.clock, run.clock.instant());
            run.out.printf(
                    Locale.ROOT,
                    "  faults from now on: records slower than %.2f ms (the slowest before) count as delayed%n",
                    t.thresholdMs);
        }
        int node;
        if (FaultStep.LEADER.equals(step.broker())) {
            if (step.action().takesDown()) {
                t.downLeader = leaderNow(topic);
            }
            node = t.downLeader;
        } else {
            node = FaultStep.nodeId(step.broker()).orElseThrow();
        }
        double at = Duration.between(t.measureStart(), run.clock.instant()).toMillis() / 1000.0;
        Instant started = run.clock.instant();
        String error = null;
        if (node <= 0) {
            error = "no leader of partition 0 of " + topic + " was known";
        } else {
            try {
                run.brokers.act(step.action(), node);
            } catch (FaultException e) {
                error = e.getMessage();
            }
        }
        double took = Duration.between(started, run.clock.instant()).toMillis() / 1000.0;
        t.faults.stepDone(
                new Outage.FaultStepTaken(at, step.action().label(), node, took, error),
                !step.action().takesDown());
        if (error != null) {
            run.warn("phase " + t.phase.name() + ": " + step.describe() + " failed: " + error);
        } else {
            run.out.printf(
                    Locale.ROOT,
                    "  %s kafka-%d at %.1f s (took %.1f s)%n",
                    step.action().label(),
                    node,
                    at,
                    took);
        }
    }

    /**
     * Restarts left in the plan when the window ended (a step late on a busy machine): a run never
     * leaves a broker down behind it.
     */
    public void restartWhatIsDown(PhaseTracker t) throws InterruptedException {
        for (Optional<FaultStep> left = t.takeLeftoverFault(); left.isPresent(); left = t.takeLeftoverFault()) {
            FaultStep step = left.get();
            if (!step.action().takesDown() && t.faults != null) {
                run.addWarning("phase " + t.phase.name() + ": " + step.describe() + " was done after the window");
                inject(t, step);
            }
        }
    }

    /**
     * Once the phase is closed: waits (bounded) for the in-sync replicas to be whole again, so the
     * next phase does not start on a cluster catching up, and closes the outage the faults caused
     * with the phase's slow records. Nothing when the phase injected no fault.
     */
    public void close(PhaseTracker t, ClosedPhase closed) throws InterruptedException {
        if (t.faults == null) {
            return;
        }
        if (!t.faults.awaitIsrWhole(ISR_WHOLE_TIMEOUT)) {
            run.warn("phase " + t.phase.name() + ": the in-sync replicas of "
                    + run.producer.state().topic()
                    + " were not whole " + Durations.format(ISR_WHOLE_TIMEOUT) + " after the window; the next"
                    + " phase starts on a cluster still catching up");
        }
        t.outage = t.faults.close(
                closed.latency() == null ? null : closed.latency().slow(), t.thresholdMs);
        t.faults = null;
        run.out.println("  " + OutageLine.of(t.outage));
    }

    private int leaderNow(String topic) throws InterruptedException {
        try {
            return run.topics.health(topic, Duration.ofSeconds(5)).leader(0);
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
