package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.accounting.PhaseFence;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.InstanceStatus;
import dev.latencylab.runner.apps.NetworkClient;
import dev.latencylab.runner.apps.ProducerStateChange;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.topics.TopicException;
import dev.latencylab.runner.topics.TopicRetention;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Closes a phase: behind the fence once the consumer group has passed everything it sent, or cut
 * short with what the endpoints still answer; and describes what it ran on.
 */
public final class PhaseCloser {

    private final RunContext run;
    private final TimedFaults faults;

    PhaseCloser(RunContext run, TimedFaults faults) {
        this.run = run;
        this.faults = faults;
    }

    /**
     * Closes the phase: waits (bounded) until every record sent in it has an answer and the
     * consumer group has processed the highest offset acknowledged in it, in every partition; then
     * reads its figures. The load goes on meanwhile, unmeasured.
     */
    public ClosedPhase fence(PhaseTracker t) throws InterruptedException {
        return fence(t, run.options.drainTimeout());
    }

    public ClosedPhase fence(PhaseTracker t, Duration timeout) throws InterruptedException {
        Instant started = run.clock.instant();
        Wait.Seen<FenceLook> seen = new Wait(run.clock, run.sleeper)
                .until(timeout, run.options.drainPoll(), () -> fenceLook(t), FenceLook::passed);
        FenceLook last = seen.last();
        Optional<PhaseSends> sends = last.sends();
        Optional<PhaseSends> given = last.given();
        boolean passed = last.passed();
        // The phase's last read, begun after the fence passed: a group's instances are read
        // one after another, and only such a read holds in each every record the counts do.
        // It asks for the histograms the report draws, which one instance's polls go without.
        ConsumerClient.GroupRead read = run.consumer.readWithHistograms();
        AccountingStops.requireWithinLimits(read.group());
        LatencyView consumerView = read.group();
        Optional<PhaseView> latency = consumerView.phase(t.phaseId);
        if (!passed) {
            run.warn("phase " + t.phase.name() + " could not be closed within "
                    + Durations.format(timeout) + ": waiting for "
                    + given.map(x -> PhaseFence.waitingFor(x, consumerView.ledger(x.topic())))
                            .orElse("the producer's count of the phase")
                    + "; its counts are as of then");
            if (sends.isPresent()) {
                deletedUnread(t, sends.get());
            }
        } else {
            run.out.printf(
                    Locale.ROOT,
                    "  phase %s closed: the consumer passed every acknowledged offset %s after the window%n",
                    t.phase.name(),
                    Durations.format(Duration.between(started, run.clock.instant())));
        }
        return new ClosedPhase(
                latency.orElse(null),
                sends.orElse(null),
                given.map(x -> PhaseCounts.of(x, consumerView.ledger(x.topic()), latency))
                        .orElse(null),
                passed,
                withProducers(withNetwork(description(last.producerStatus(), sends, read, t), t.phase), t));
    }

    /**
     * Why a phase may never close: Kafka deleted records of it the consumer had not read (a backlog
     * its topic did not keep after all). Asked only of a run with an admin connection.
     */
    private void deletedUnread(PhaseTracker t, PhaseSends sends) throws InterruptedException {
        try {
            TopicRetention.deletedUnread(sends, run.topics.logStarts(sends.topic()))
                    .ifPresent(w -> run.warn("phase " + t.phase.name() + ": " + w));
        } catch (TopicException e) {
            // No admin connection (a run that needs none), or the cluster does not answer: nothing to add.
        }
    }

    /** One look at the fence: the producer's tally of the phase, as the consumer is given it, and whether it passed. */
    private record FenceLook(
            ProducerStatus producerStatus, Optional<PhaseSends> sends, Optional<PhaseSends> given, boolean passed) {}

    private FenceLook fenceLook(PhaseTracker t) throws InterruptedException {
        ProducerStatus producerStatus = run.producer.state();
        LatencyView fenceView = run.consumer.latency();
        AccountingStops.requireWithinLimits(fenceView);
        Optional<PhaseSends> sends = producerStatus.phaseSends(t.phaseId);
        // The fence and the counts take the sends as the consumer is given them; the record keeps them whole.
        Optional<PhaseSends> given = sends.map(x -> x.givenTo(fenceView.consumer()));
        boolean passed = given.isPresent()
                && PhaseFence.passed(given.get(), fenceView.ledger(given.get().topic()));
        return new FenceLook(producerStatus, sends, given, passed);
    }

    /**
     * The phase cut short, with whatever the endpoints still answer; it is not fenced. Its window ends
     * now, or where it had ended already when the phase was cut short while being closed.
     */
    Optional<PhaseRecord> partial(PhaseTracker t) {
        if (t.faults != null) {
            // Cut short with a broker down: it is brought back before anything else.
            Thread.interrupted();
            try {
                faults.restartWhatIsDown(t);
            } catch (InterruptedException | RuntimeException e) {
                run.addWarning("phase " + t.phase.name()
                        + " was cut short with a broker down and its restart failed: "
                        + e.getMessage() + "; restart it with scripts/lab up");
            }
        }
        boolean windowOpen = t.windowEnd() == null;
        Instant end = windowOpen ? run.clock.instant() : t.windowEnd();
        long sentAtEnd = windowOpen ? t.lastSent() : t.sentAtWindowEnd();
        PhaseView latency = null;
        PhaseSends sends = null;
        PhaseCounts counts = null;
        ProducerStatus status = null;
        boolean restarted = false;
        ConsumerClient.GroupRead read = null;
        try {
            ProducerStatus now = run.producer.state();
            status = now;
            sends = now.phaseSends(t.phaseId).orElse(null);
            long sent = now.counters().sent();
            Optional<String> changed = run.producer.lastSet().flatMap(set -> ProducerStateChange.between(set, now));
            if (windowOpen && sent < t.lastSent()) {
                // Another process's count: the phase's sends went with the one that was restarted.
                restarted = true;
                end = t.lastPoll();
                run.addWarning("phase " + t.phase.name() + " was cut short; the producer's count went back from "
                        + t.lastSent() + " to " + sent + " (restarted), so its rate covers the window up to the"
                        + " last progress poll");
            } else if (windowOpen && changed.isPresent()) {
                // Its count since then is of other settings than the phase's.
                end = t.lastPoll();
                run.addWarning("phase " + t.phase.name() + " was cut short; the producer was changed by someone else ("
                        + changed.get() + "), so its rate covers the window up to the last progress poll");
            } else if (windowOpen) {
                sentAtEnd = sent;
            }
        } catch (EndpointException | InterruptedException e) {
            if (windowOpen) {
                end = t.lastPoll();
            }
            run.addWarning("phase " + t.phase.name()
                    + " was cut short; the producer's last count could not be read"
                    + (windowOpen ? ", so its rate covers the window up to the last progress poll" : "")
                    + ": " + e.getMessage());
        }
        try {
            // The phase's last read, so with the histograms the report draws, as a closed phase's.
            read = run.consumer.readWithHistograms();
            LatencyView view = read.group();
            Optional<PhaseView> own = view.phase(t.phaseId);
            latency = own.orElse(null);
            Optional<String> limit = AccountingStops.reason(view);
            if (limit.isPresent()) {
                // Past a capacity the ledger no longer tells which phase an offset was: counted now,
                // the phase's records would read as lost. Its counts are unknown, and said so.
                run.addWarning(
                        "phase " + t.phase.name() + ": its counts are unknown, not reported, because " + limit.get());
            } else if (sends != null) {
                counts = PhaseCounts.of(sends.givenTo(view.consumer()), view.ledger(sends.topic()), own);
            }
        } catch (EndpointException | InterruptedException e) {
            run.addWarning("phase " + t.phase.name() + " was cut short and the consumer's figures could not be read: "
                    + e.getMessage());
        }
        // Without the phase's sends, or from a restarted producer, it would describe another process's phase.
        PhaseDescription description = status == null || read == null || sends == null || restarted
                ? null
                : partialDescription(status, sends, read, t);
        return Optional.of(
                t.record(end, sentAtEnd, new ClosedPhase(latency, sends, counts, false, description), false));
    }

    /**
     * A cut-short phase's description, as a closed one's, when every endpoint still answers; else none, so
     * that what depends on it (each producer instance's part, the transactions' share per sender) says n/a.
     */
    private PhaseDescription partialDescription(
            ProducerStatus status, PhaseSends sends, ConsumerClient.GroupRead read, PhaseTracker t) {
        try {
            return withProducers(withNetwork(description(status, Optional.of(sends), read, t), t.phase), t);
        } catch (EndpointException | InterruptedException e) {
            // As the reads above: the cut-short phase is still recorded with what was read.
            run.addWarning("phase " + t.phase.name() + " was cut short and what it ran on could not be read: "
                    + e.getMessage());
            return null;
        }
    }

    /** Each producer-app instance's sends in the phase, when several drove it. */
    private PhaseDescription withProducers(PhaseDescription d, PhaseTracker t) throws InterruptedException {
        if (run.producer.active() < 2) {
            return d;
        }
        List<PhaseDescription.ProducerInstance> each = new ArrayList<>();
        for (InstanceStatus i : run.producer.instanceStates()) {
            Optional<PhaseSends> s = i.status().phaseSends(t.phaseId);
            each.add(new PhaseDescription.ProducerInstance(
                    i.instance(),
                    s.map(PhaseSends::sent).orElse(0L),
                    s.map(PhaseSends::acked).orElse(0L),
                    s.map(x -> x.publishDelayMs() == null
                                    ? null
                                    : x.publishDelayMs().p99())
                            .orElse(null)));
        }
        return d.withProducers(each);
    }

    /** The round trip the phase asked for and what the wire's probe measured over it. */
    private PhaseDescription withNetwork(PhaseDescription d, Phase phase) throws InterruptedException {
        if (phase.network() == null) {
            return d;
        }
        NetworkClient.NetworkState s = run.network.state();
        NetworkClient.MeasuredRtt m = s.measuredRttMs();
        return d.withNetwork(new PhaseDescription.Network(
                s.mechanism(),
                s.rttMs(),
                s.jitterMs(),
                s.lossPercent(),
                s.receiveBufferBytes(),
                m == null ? null : m.p50(),
                m == null ? null : m.p99(),
                m == null ? 0 : m.samples()));
    }

    private static PhaseDescription description(
            ProducerStatus producerStatus, Optional<PhaseSends> sends, ConsumerClient.GroupRead read, PhaseTracker t) {
        String topic = sends.map(PhaseSends::topic).orElse(producerStatus.topic());
        List<PhaseDescription.ConsumerInstance> instances = read.instances().stream()
                .map(i -> new PhaseDescription.ConsumerInstance(
                        i.instance().toString(),
                        i.view().phase(t.phaseId).map(PhaseView::firstArrivals).orElse(0L),
                        i.view().assigned().getOrDefault(topic, List.of())))
                .toList();
        return new PhaseDescription(
                topic,
                sends.map(x -> x.partitions().stream()
                                .map(PartitionAcks::partition)
                                .toList())
                        .orElse(List.of()),
                read.group().consumer(),
                instances);
    }
}
