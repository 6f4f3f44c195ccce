package dev.latencylab.runner.run.step.measured;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ProducerGroup;
import dev.latencylab.runner.run.PhaseTracker;
import dev.latencylab.runner.run.RunContext;
import dev.latencylab.runner.scenario.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * When a phase's window may open: once its warm-up is over, the sender is on its schedule and the
 * consumer has reached the records sent before the window. Either still behind would hand the
 * phase what the phase before it left: its publish delay, or its backlog in the consumer.
 */
final class WindowOpening {

    /** How late the next record may be on its schedule when a phase's window opens. */
    private static final double ON_SCHEDULE_MS = 10;
    /**
     * How far behind the producer's last record the consumer may be when the window opens: records
     * in flight and a loaded machine's jitter, not a backlog.
     */
    private static final Duration IN_FLIGHT = Duration.ofMillis(500);
    /** The longest a phase's window waits for either to catch up. */
    static final Duration CATCH_UP = Duration.ofSeconds(30);
    /** A moment's wait is the machine's jitter; a second or more is the previous phase's backlog. */
    private static final Duration WORTH_A_WARNING = Duration.ofSeconds(1);

    private final RunContext run;
    /** Sleeps as the run does: an abort ends a wait. */
    private final Wait waits;

    WindowOpening(RunContext run) {
        this.run = run;
        this.waits = new Wait(run.clock, run::sleep);
    }

    /**
     * A phase measures only its own schedule: a sender still behind (the previous phase asked for
     * more than the stack could take) would send the phase's first records late and hand it the
     * previous phase's publish delay. So the window opens once the next record is due within
     * {@value #ON_SCHEDULE_MS} ms, waiting at most {@link #CATCH_UP}; the report says when it
     * waited, and when it gave up.
     */
    void awaitSenderOnSchedule(PhaseTracker t) throws InterruptedException {
        Instant started = run.clock.instant();
        Wait.Seen<Double> lag = waits.until(
                CATCH_UP,
                run.options.drainPoll(),
                () -> run.producer.state().scheduleLagMs(),
                WindowOpening::onSchedule);
        if (lag.met() && lag.looks() == 1) {
            // On schedule at the first look: the window opens without a word.
            return;
        }
        if (!lag.met()) {
            run.warn(String.format(
                    Locale.ROOT,
                    "phase %s: the sender was still %.0f ms behind its schedule %s after the warm-up; the phase"
                            + " was measured anyway and its first records carry that delay",
                    t.phase.name(),
                    lag.last(),
                    Durations.format(CATCH_UP)));
            return;
        }
        opened(t, started, "the sender had caught up with its schedule", true);
    }

    private static boolean onSchedule(Double lagMs) {
        return lagMs == null || lagMs <= ON_SCHEDULE_MS;
    }

    /**
     * On a topic it shares with the phase before, a phase's records queue behind whatever the
     * consumer has not read yet: a consumer left behind (a flood, a slow listener) would hand the
     * phase the previous one's backlog as latency. So the window opens once the consumer has seen,
     * from every producer, a record sent no more than {@link #IN_FLIGHT} before the producer's last
     * one, waiting at most {@link #CATCH_UP}; the report says when it waited a second or more, and
     * when it gave up, how many records the consumer was still behind.
     */
    void awaitConsumerCaughtUp(PhaseTracker t) throws InterruptedException {
        Instant started = run.clock.instant();
        Wait.Seen<Long> behind = waits.until(CATCH_UP, run.options.drainPoll(), () -> behind(t), n -> n == 0);
        if (!behind.met()) {
            run.warn(String.format(
                    Locale.ROOT,
                    "phase %s: the consumer was still %d records behind the producer %s after the warm-up; the"
                            + " phase was measured anyway and its latency includes the backlog the phases"
                            + " before it left",
                    t.phase.name(),
                    behind.last(),
                    Durations.format(CATCH_UP)));
            return;
        }
        opened(t, started, "the consumer had reached the records sent before it", false);
    }

    /** Both read anew each time: a consumer that keeps a constant distance never catches up. */
    private long behind(PhaseTracker t) throws InterruptedException {
        List<ProducerStatus> producers = run.eachProducer();
        LatencyView consumer = run.consumer.latency();
        return behind(consumer, producers, inFlight(t.phase.settings(), producers.size()));
    }

    /** Records one producer sends in {@link #IN_FLIGHT} (a throttled phase: its rate is known). */
    private static long inFlight(ProducerSettings s, int instances) {
        double each = ProducerGroup.perInstanceRate(s.rate(), Math.max(1, instances));
        return (long) (each * IN_FLIGHT.toNanos() / 1e9);
    }

    /** How many records, summed over the producers, the consumer is behind their last one, less the slack. */
    static long behind(LatencyView consumer, List<ProducerStatus> producers, long slack) {
        long behind = 0;
        for (ProducerStatus p : producers) {
            if (p.counters() == null || p.counters().lastSequence() < 0) {
                continue;
            }
            long last = p.counters().lastSequence();
            long seen = consumer.producer(p.producerId())
                    .map(track -> track.highestSequence())
                    .orElse(-1L);
            behind += Math.max(0, last - slack - seen);
        }
        return behind;
    }

    private void opened(PhaseTracker t, Instant started, String once, boolean alwaysSay) {
        Duration waited = Duration.between(started, run.clock.instant());
        boolean worthAWarning = waited.compareTo(WORTH_A_WARNING) >= 0;
        if (waited.isZero() || (!alwaysSay && !worthAWarning)) {
            return;
        }
        String w = "phase " + t.phase.name() + ": its window opened " + Durations.format(waited)
                + " after the warm-up, once " + once + " (it was behind)";
        run.out.println("  " + w);
        if (worthAWarning) {
            run.addWarning(w);
        }
    }
}
