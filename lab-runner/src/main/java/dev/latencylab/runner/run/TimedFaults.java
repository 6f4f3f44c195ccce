package dev.latencylab.runner.run;

import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.faults.FaultException;
import dev.latencylab.runner.faults.FaultWatch;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.faults.OutageLine;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.TimedFault;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A phase's fault steps ({@link TimedFault}): carried out in its window, what is still down brought
 * back, and the outage they caused closed once the phase is.
 */
public final class TimedFaults {

    /** How long a phase that restarted a broker waits, after its window, for the ISR to be whole again. */
    private static final Duration ISR_WHOLE_TIMEOUT = Duration.ofMinutes(2);

    private final RunContext run;

    private final ConsumerFaults consumers;
    private final BrokerStarts brokerStarts;

    TimedFaults(RunContext run) {
        this.run = run;
        this.consumers = new ConsumerFaults(run);
        this.brokerStarts = new BrokerStarts(run);
    }

    /**
     * Carries out one fault step. Before the first, the phase's slowest record so far (corrected
     * e2e, the whole group's) becomes the consumer's slow-record threshold, and the watch of the
     * producer and the topic's metadata starts. {@code leader} is the leader of partition 0 then.
     */
    public void inject(PhaseTracker t, TimedFault step) throws InterruptedException {
        // The topic the phase started the load on, not asked of the producer-app: a restart left for after
        // the window must be carried out even when the producer-app no longer answers.
        String topic = t.phase.topic() != null ? t.phase.topic().name() : ProducerClient.LAB_TOPIC;
        // One instant for the watch's origin and the first step's time: episodes are converted to
        // window time by adding that step's time.
        Instant now = run.clock.instant();
        if (t.faults == null) {
            var before = run.consumer.read().group();
            // A view with no timed record (a sample payload's lines that are not JSON) has no percentiles.
            t.thresholdMs = before.phase(t.phaseId)
                    .map(v -> v.correctedLatencyMs())
                    .map(p -> p.max())
                    .orElse(null);
            run.consumer.watch(t.phaseId, t.watchAboveMs());
            Optional<String> group = t.phase.faults().stream().anyMatch(TimedFault::onConsumer)
                    ? Optional.ofNullable(before.consumer()).map(c -> c.groupId())
                    : Optional.empty();
            t.faults = new FaultWatch(run.topics, topic, group, run.producer, run.clock, now);
            run.out.println(
                    t.thresholdMs == null
                            ? "  faults from now on: no record of the phase was consumed and timed before the first step,"
                                    + " so every record from now on counts as delayed (no baseline)"
                            : String.format(
                                    Locale.ROOT,
                                    "  faults from now on: records slower than %.2f ms (the slowest before) count as delayed",
                                    t.thresholdMs));
        }
        double at = t.secondsIntoWindow(now);
        brokerStarts.settle(t, false);
        Optional<Integer> consumer = TimedFault.consumerInstance(step.target());
        if (consumer.isPresent()) {
            consumers.act(t, step, consumer.get(), at, topic);
            return;
        }
        consumers.settle(t, false);
        int node = brokerOf(t, step, topic);
        if (node > 0 && brokerStarts.awaitStart(t, node)) {
            // Carried out when that start ended, not when it was due (the window waits with it).
            at = t.secondsIntoWindow(run.clock.instant());
        }
        if (node > 0 && step.action().takesDown()) {
            brokerStarts
                    .starting(t)
                    .forEach(other -> run.warn(String.format(
                            Locale.ROOT,
                            "phase %s: %s kafka-%d at %.1f s while kafka-%d was still starting: two brokers were down at once",
                            t.phase.name(),
                            step.action().label(),
                            node,
                            t.secondsIntoWindow(run.clock.instant()),
                            other)));
        }
        if (node > 0 && !step.action().takesDown()) {
            brokerStarts.begin(t, step, node, at, n -> actOnBrokerStarting(step, n, topic));
            return;
        }
        Instant started = run.clock.instant();
        String error = actOnBroker(step, node, topic);
        double took = Duration.between(started, run.clock.instant()).toMillis() / 1000.0;
        t.faults.stepDone(new Outage.FaultStepTaken(at, step.action().label(), node, null, null, took, error));
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

    /** The node a broker step acts on: {@code leader} is partition 0's now, or the one taken down as it. */
    private int brokerOf(PhaseTracker t, TimedFault step, String topic) throws InterruptedException {
        if (!TimedFault.LEADER.equals(step.target())) {
            return TimedFault.nodeId(step.target()).orElseThrow();
        }
        if (step.action().takesDown()) {
            t.downLeader = leaderNow(topic);
        }
        return t.downLeader;
    }

    private String actOnBroker(TimedFault step, int node, String topic) throws InterruptedException {
        if (node <= 0) {
            return "no leader of partition 0 of " + topic + " was known";
        }
        try {
            run.brokers.act(step.action(), node);
            return null;
        } catch (FaultException e) {
            return e.getMessage();
        }
    }

    /** {@link #actOnBroker} on a start's own thread, which nothing interrupts but the JVM's end. */
    private String actOnBrokerStarting(TimedFault step, int node, String topic) {
        try {
            return actOnBroker(step, node, topic);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /**
     * Restarts left in the plan when the window ended (a step late on a busy machine): a run never
     * leaves a broker or a consumer-app instance down behind it.
     */
    public void restartWhatIsDown(PhaseTracker t) throws InterruptedException {
        try {
            for (Optional<TimedFault> left = t.takeLeftoverFault(); left.isPresent(); left = t.takeLeftoverFault()) {
                TimedFault step = left.get();
                if (!step.action().takesDown() && t.faults != null) {
                    run.addWarning("phase " + t.phase.name() + ": " + step.describe() + " was done after the window");
                    inject(t, step);
                }
            }
        } finally {
            // Whatever failed above, every start under way is waited for: each broker answers again (what is
            // measured of the topic afterwards needs each of them), and each consumer-app instance (the
            // phase's counts are the group's).
            try {
                brokerStarts.settle(t, true);
            } finally {
                consumers.settle(t, true);
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
        consumers.settle(t, true);
        brokerStarts.settle(t, true);
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
