package dev.latencylab.runner.run.step.drain;

import static dev.latencylab.runner.run.ConsoleFormat.counts;
import static dev.latencylab.runner.run.ConsoleFormat.ms;
import static dev.latencylab.runner.run.ConsoleFormat.number;
import static dev.latencylab.runner.run.ConsoleFormat.target;

import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.run.BacklogSends;
import dev.latencylab.runner.run.ClosedPhase;
import dev.latencylab.runner.run.PhaseCloser;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.PhaseStack;
import dev.latencylab.runner.run.PhaseStep;
import dev.latencylab.runner.run.PhaseTopics;
import dev.latencylab.runner.run.PhaseTracker;
import dev.latencylab.runner.run.RunContext;
import dev.latencylab.runner.run.StepLoop;
import dev.latencylab.runner.run.StepServices;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.TopicSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/** A phase that drains a backlog ({@code backlog} in the scenario): built with the consumer paused, then drained. */
public final class DrainPhase implements PhaseStep {

    private final RunContext run;
    private final PhaseStack stack;
    private final PhaseTopics topics;
    private final PhaseCloser closer;

    public DrainPhase(StepServices services) {
        this.run = services.run();
        this.stack = services.stack();
        this.topics = services.topics();
        this.closer = services.closer();
    }

    @Override
    public boolean takes(Phase planned) {
        return planned.drains();
    }

    @Override
    public void run(Phase planned, StepLoop loop) throws InterruptedException {
        loop.measure(planned, this::drain);
    }

    /**
     * A phase that drains a backlog: with the consumer paused, the producer writes the phase's
     * records (its id from the first one) and stops by itself once {@code backlog} of them were sent
     * (what is in flight is acknowledged: the backlog is what the phase's records acked), the
     * consumer is resumed with the phase's consumer settings, and the measured window runs from the
     * resume until the group has passed every acknowledged offset (the fence), at most the phase's
     * duration. Drain rate = records processed / (last processed - resume).
     */
    private PhaseRecord drain(PhaseTracker t) throws InterruptedException {
        Phase phase = t.phase;
        ProducerSettings s = phase.settings();
        run.out.printf(
                Locale.ROOT,
                "%nphase %d/%d %s (id %d): a backlog of %,d records at %s, then drained within %s%n",
                t.index,
                t.count,
                t.label,
                t.phaseId,
                phase.backlog(),
                target(s),
                Durations.format(phase.duration()));
        run.abort.check();
        if (!stack.setUp(t)) {
            run.stopAndDrain(
                    "so the backlog holds the phase's records alone",
                    "the backlog starts behind it",
                    "before the backlog");
        }
        TopicSpec own = phase.topic();
        run.consumer.consuming(false);
        ProducerStatus started = run.producer.startBacklog(
                s, t.phaseId, t.label, own != null ? own.name() : ProducerClient.LAB_TOPIC, phase.backlog());
        t.started(run.clock.instant(), started.counters().sent());
        BacklogSends.Written written = new BacklogSends(
                        run.producer, run.clock, run::sleep, run.out, run.options.progressEvery())
                .await(t.phaseId, phase.backlog(), "  ", sends -> {});
        if (written.stalled()) {
            run.warn("phase " + phase.name() + ": the backlog stopped growing at " + written.sent() + " of "
                    + phase.backlog() + " records sent (nothing sent for "
                    + Durations.format(BacklogSends.STALL) + "); draining what there is");
        }
        ProducerStatus left = run.producer.apply(SettingsChange.stop());
        run.out.printf(
                Locale.ROOT,
                "  backlog built: %,d records sent in %s; resuming the consumer (%s)%n",
                left.phaseSends(t.phaseId).map(PhaseSends::sent).orElse(written.sent()),
                Durations.format(Duration.between(t.startedAt(), run.clock.instant())),
                phase.consumer() == null
                        ? "settings as they were"
                        : phase.consumer().describe());
        t.draining(run.clock.instant(), left.counters().sent());
        run.consumer.consuming(true);
        ClosedPhase closed = closer.fence(t, phase.duration());
        Instant end = run.clock.instant();
        t.windowEnded(end, left.counters().sent());
        if (PhaseTopics.ownTopic(phase)) {
            t.retired(topics.retire(t));
        }
        PhaseRecord record = t.record(end, left.counters().sent(), closed, closed.fenced());
        PhaseView latency = closed.latency();
        Double rate = record.drainRate();
        run.out.printf(
                Locale.ROOT,
                "phase %d/%d %s done: %s records drained at %s records/s, e2e p50 %s ms, p99 %s ms%s%n",
                t.index,
                t.count,
                t.label,
                latency == null ? "n/a" : String.format(Locale.ROOT, "%,d", latency.firstArrivals()),
                number(rate),
                latency == null ? "n/a" : ms(latency.latencyMs().p50()),
                latency == null ? "n/a" : ms(latency.latencyMs().p99()),
                closed.counts() == null ? "" : "; " + counts(closed.counts()));
        return record;
    }
}
