package dev.latencylab.runner.run.step.measured;

import static dev.latencylab.runner.run.ConsoleFormat.counts;
import static dev.latencylab.runner.run.ConsoleFormat.liveMissing;
import static dev.latencylab.runner.run.ConsoleFormat.ms;
import static dev.latencylab.runner.run.ConsoleFormat.number;
import static dev.latencylab.runner.run.ConsoleFormat.seconds;
import static dev.latencylab.runner.run.ConsoleFormat.target;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.run.ClosedPhase;
import dev.latencylab.runner.run.PhaseCloser;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.PhaseStack;
import dev.latencylab.runner.run.PhaseStep;
import dev.latencylab.runner.run.PhaseTopics;
import dev.latencylab.runner.run.PhaseTracker;
import dev.latencylab.runner.run.RunContext;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.run.StepLoop;
import dev.latencylab.runner.run.StepServices;
import dev.latencylab.runner.run.TimedFaults;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.TimedFault;
import dev.latencylab.runner.scenario.TopicSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A measured phase: its settings applied, the warm-up, the window (with its progress, its fault
 * steps and the hook halfway), then the phase closed behind the fence. The kind any phase is when
 * no other kind takes it.
 */
public final class MeasuredPhase implements PhaseStep {

    private final RunContext run;
    private final PhaseStack stack;
    private final PhaseTopics topics;
    private final TimedFaults faults;
    private final PhaseCloser closer;
    private final WindowOpening opening;

    public MeasuredPhase(StepServices services) {
        this.run = services.run();
        this.stack = services.stack();
        this.topics = services.topics();
        this.faults = services.faults();
        this.closer = services.closer();
        this.opening = new WindowOpening(services.run());
    }

    @Override
    public boolean takes(Phase planned) {
        return true;
    }

    @Override
    public void run(Phase planned, StepLoop loop) throws InterruptedException {
        loop.measure(planned, t -> measure(t, loop.windowHook()));
    }

    private PhaseRecord measure(PhaseTracker t, ScenarioRunner.WindowHook windowHook) throws InterruptedException {
        Phase phase = t.phase;
        ProducerSettings s = phase.settings();
        run.out.printf(
                Locale.ROOT,
                "%nphase %d/%d %s (id %d): linger.ms=%d batch.size=%d compression=%s rate=%s payload=%d B; warm-up %s, "
                        + "measure %s%n",
                t.index,
                t.count,
                t.label,
                t.phaseId,
                s.lingerMs(),
                s.batchSize(),
                s.compression(),
                target(s),
                s.payloadBytes(),
                Durations.format(phase.warmup()),
                Durations.format(phase.duration()));
        if (!s.producerConfig().isEmpty()) {
            run.out.printf(Locale.ROOT, "  producer properties %s%n", s.producerConfig());
        }
        run.abort.check();
        stack.setUp(t);
        TopicSpec own = phase.topic();
        // The warm-up's records carry no phase id: they are never counted in the phase.
        run.producer.start(s, 0, own != null ? own.name() : ProducerClient.LAB_TOPIC);
        t.started(run.clock.instant());
        run.sleep(phase.warmup());
        opening.awaitSenderOnSchedule(t);
        if (!PhaseTopics.ownTopic(phase) && !s.unthrottled()) {
            // A topic of its own starts empty; on a shared one the phase queues behind what is left. An
            // unthrottled phase measures how much the stack carries: its latency is its own queue's anyway.
            opening.awaitConsumerCaughtUp(t);
        }

        // The measured window is the records sent in it, whenever they arrive: the id travels in each header.
        ProducerStatus entered = run.producer.enterPhase(t.phaseId, t.label);
        t.measuring(run.clock.instant(), entered.counters().sent());
        Instant nextProgress = t.measureStart().plus(run.options.progressEvery());
        Duration halfway = phase.duration().dividedBy(2);
        boolean hooked = false;
        while (true) {
            Duration elapsed = Duration.between(t.measureStart(), run.clock.instant());
            if (!hooked && elapsed.compareTo(halfway) >= 0) {
                windowHook.halfway(phase, t.phaseId);
                hooked = true;
                continue;
            }
            Optional<TimedFault> due = t.takeFaultDue(elapsed);
            if (due.isPresent()) {
                faults.inject(t, due.get());
                continue;
            }
            Duration remaining = phase.duration().minus(elapsed);
            if (remaining.isNegative() || remaining.isZero()) {
                break;
            }
            Duration wait = min(remaining, Duration.between(run.clock.instant(), nextProgress));
            Optional<Duration> nextFault = t.nextFaultAt();
            if (nextFault.isPresent()) {
                wait = min(wait, nextFault.get().minus(elapsed));
            }
            if (!hooked) {
                wait = min(wait, halfway.minus(elapsed));
            }
            if (!wait.isNegative() && !wait.isZero()) {
                run.sleep(wait);
            }
            if (!run.clock.instant().isBefore(nextProgress)
                    && Duration.between(t.measureStart(), run.clock.instant()).compareTo(phase.duration()) < 0) {
                progress(t);
                nextProgress = run.clock.instant().plus(run.options.progressEvery());
            }
        }
        // On its own topic the load stops with the window: the topic is measured on disk next, and
        // an unthrottled load would only pile up a backlog while the phase is being closed.
        ProducerStatus left = run.producer.endWindow(PhaseTopics.ownTopic(phase));
        Instant end = run.clock.instant();
        long sentAtEnd = left.counters().sent();
        t.windowEnded(end, sentAtEnd);
        if (PhaseTopics.ownTopic(phase)) {
            run.windowStopped(t.phaseId);
        }
        // After the window, which ends on time: what is down or still starting is back before the phase is
        // closed, as its counts are every consumer-app instance's and what is measured of its topic needs each broker.
        faults.restartWhatIsDown(t);
        ClosedPhase closed = closer.fence(t);
        if (PhaseTopics.ownTopic(phase)) {
            t.retired(topics.retire(t));
        }
        faults.close(t, closed);
        PhaseRecord record = t.record(end, sentAtEnd, closed, true);
        record.clockDisagreement().ifPresent(run::warn);
        PhaseView latency = closed.latency();
        run.out.printf(
                Locale.ROOT,
                "phase %d/%d %s done: %s records/s sent (target %s), e2e p50 %s ms, p99 %s ms (corrected %s ms)%s%n",
                t.index,
                t.count,
                t.label,
                number(record.achievedRate()),
                target(s),
                latency == null ? "n/a" : ms(latency.latencyMs().p50()),
                latency == null ? "n/a" : ms(latency.latencyMs().p99()),
                latency == null ? "n/a" : ms(latency.correctedLatencyMs().p99()),
                closed.counts() == null ? "" : "; " + counts(closed.counts()));
        return record;
    }

    private void progress(PhaseTracker t) throws InterruptedException {
        Instant now = run.clock.instant();
        ProducerStatus producer = run.producer.state();
        long sent = producer.counters().sent();
        if (sent < t.lastSent()) {
            // Polled on, the restarted process's count would stand for the phase's end.
            throw new EndpointException("producer-app's count of records sent went back from " + t.lastSent()
                    + " to " + sent + " during phase " + t.label + ": it was restarted, so the window's count is"
                    + " not one process's sends and the phase stops here");
        }
        run.producer.requireAsSet(producer);
        LatencyView view = run.consumer.latency();
        Optional<PhaseView> latency = view.phase(t.phaseId);
        boolean shareGroup = view.consumer() != null && view.consumer().shareGroup();
        double seconds = Duration.between(t.lastPoll(), now).toNanos() / 1e9;
        Double rate = seconds > 0 ? (sent - t.lastSent()) / seconds : null;
        t.polled(now, sent);
        Duration elapsed = Duration.between(t.measureStart(), now);
        Duration left = t.phase.duration().minus(elapsed);
        run.out.printf(
                Locale.ROOT,
                "  phase %d/%d %s  %s / %s (%s left; run %s left)  send %s/s (target %s)  p99 %s ms (corrected %s ms)%s%n",
                t.index,
                t.count,
                t.label,
                elapsed.toSeconds() + "s",
                seconds(t.phase.duration()),
                (left.toSeconds() + (left.toNanosPart() > 0 ? 1 : 0)) + "s",
                t.runLeft(left),
                number(rate),
                target(t.phase.settings()),
                latency.map(l -> ms(l.latencyMs().p99())).orElse("n/a"),
                latency.map(l -> ms(l.correctedLatencyMs().p99())).orElse("n/a"),
                latency.map(l -> missing(l.lost(), producer.phaseSends(t.phaseId), shareGroup))
                        .orElse(""));
    }

    private static String missing(long missing, Optional<PhaseSends> sends, boolean shareGroup) {
        long failed = sends.map(PhaseSends::failed).orElse(0L);
        long unanswered = sends.map(p -> p.sent() - p.acked() - p.failed()).orElse(0L);
        return liveMissing(missing, failed, Math.max(0, unanswered), shareGroup);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
