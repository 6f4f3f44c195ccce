package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.CommitMode;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.run.BacklogSends;
import dev.latencylab.runner.run.ConsumerWait;
import dev.latencylab.runner.run.ScenarioRunner;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The lab's side of the comparison, through the apps' endpoints only. */
final class LabDriver {

    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
    static final KeyStrategy LAB_KEYS = KeyStrategy.ORDER_ID;
    private static final Duration DRAIN_POLL = Duration.ofMillis(500);

    private final ProducerClient producer;
    private final ConsumerClient consumer;
    private final Clock clock;
    private final Sleeper sleeper;
    private final PrintStream out;
    private final ConsumerWait consumerWait;
    private final Wait waits;

    LabDriver(ProducerClient producer, ConsumerClient consumer, Clock clock, Sleeper sleeper, PrintStream out) {
        this.producer = producer;
        this.consumer = consumer;
        this.clock = clock;
        this.sleeper = sleeper;
        this.out = out;
        this.consumerWait = new ConsumerWait(consumer, clock, sleeper, DRAIN_POLL);
        this.waits = new Wait(clock, sleeper);
    }

    /** Sends as fast as the producer-app can (the rate is out of its reach), measures acked records/s, stops. */
    LabThroughput unthrottled(ProducerSettings s, Duration warmup, Duration duration) throws InterruptedException {
        return unthrottled(s, ProducerClient.LAB_TOPIC, true, warmup, duration, WindowEdges.NONE);
    }

    /**
     * {@link #unthrottled} doing exactly ProducerPerformance's work: records without the lab's header,
     * to the tool's own topic, which nobody reads. {@link #stop()} puts the header and the lab topic back.
     * {@code edges} is told when the measured window opens and when it closes.
     */
    LabThroughput unthrottledLikeTheTool(
            ProducerSettings s, String toolTopic, Duration warmup, Duration duration, WindowEdges edges)
            throws InterruptedException {
        return unthrottled(s, toolTopic, false, warmup, duration, edges);
    }

    private LabThroughput unthrottled(
            ProducerSettings s, String topic, boolean header, Duration warmup, Duration duration, WindowEdges edges)
            throws InterruptedException {
        producer.start(s, 0, topic, header);
        try {
            sleeper.sleep(warmup);
            SenderCounters a = producer.state().counters();
            Instant t0 = clock.instant();
            edges.opened();
            Duration halfway = duration.dividedBy(2);
            Instant half = null;
            long ackedAtHalf = 0;
            Instant last = t0;
            long lastAcked = a.acked();
            while (true) {
                Duration elapsed = Duration.between(t0, clock.instant());
                Duration left = duration.minus(elapsed);
                if (left.isNegative() || left.isZero()) {
                    break;
                }
                Duration nap = left.compareTo(PROGRESS_EVERY) < 0 ? left : PROGRESS_EVERY;
                if (half == null && halfway.minus(elapsed).compareTo(nap) < 0) {
                    nap = halfway.minus(elapsed);
                }
                sleeper.sleep(nap);
                Instant now = clock.instant();
                boolean atHalf = half == null && Duration.between(t0, now).compareTo(halfway) >= 0;
                boolean inside = Duration.between(t0, now).compareTo(duration) < 0;
                // One read serves the halfway mark and the progress line of the same wake.
                long acked = atHalf || inside ? producer.state().counters().acked() : 0;
                if (atHalf) {
                    half = now;
                    ackedAtHalf = acked;
                }
                if (inside) {
                    out.printf(
                            Locale.ROOT,
                            "    %ds / %ds  acked %s records/s%n",
                            Duration.between(t0, now).toSeconds(),
                            duration.toSeconds(),
                            Numbers.rate((acked - lastAcked) / seconds(last, now)));
                    last = now;
                    lastAcked = acked;
                }
            }
            SenderCounters b = producer.state().counters();
            Instant t1 = clock.instant();
            edges.closed();
            return new LabThroughput(
                    t0, t1, a.acked(), b.acked(), a.sent(), b.sent(), a.failed(), b.failed(), half, ackedAtHalf);
        } finally {
            stop();
        }
    }

    /** Load that is not measured: unthrottled for {@code d}, then stopped. */
    void warmUp(ProducerSettings s, Duration d) throws InterruptedException {
        start(s);
        try {
            sleeper.sleep(d);
        } finally {
            stop();
        }
    }

    /**
     * Runs the producer at a low rate, warms up under phase 0, then measures the window under a phase
     * id of its own ({@code ScenarioRunner.firstPhaseId}: this second's, so no earlier window's): only
     * the window's records carry it, whatever else writes the lab topic meanwhile (another
     * producer-app, a backlog still being read, a change by hand). Returns the consumer's figures of
     * that phase and releases it.
     */
    PhaseView lowRate(ProducerSettings s, Duration warmup, Duration duration) throws InterruptedException {
        int window = ScenarioRunner.firstPhaseId(clock.instant()) + 1;
        producer.start(s, 0);
        try {
            sleeper.sleep(warmup);
            producer.enterPhase(window);
            sleeper.sleep(duration);
            PhaseView measured = consumer.latency()
                    .phase(window)
                    .orElseThrow(() -> new CompareException(
                            "the consumer-app has no latency figures for " + s + " after " + duration.toSeconds()
                                    + " s: is it consuming " + "the lab topic? (GET " + consumer.endpoint() + ")"));
            consumer.release(window);
            return measured;
        } finally {
            stop();
        }
    }

    /**
     * Runs the producer at {@code s}'s rate with the consumer reading, warms up under phase
     * {@code phase}, then measures the producer's own publish delay over one window under
     * {@code phase + 1}: the producer-app's tally of that phase has exactly the window's sends.
     */
    CompareResult.PublishDelay publishDelay(ProducerSettings s, int phase, Duration warmup, Duration duration)
            throws InterruptedException {
        producer.start(s, phase);
        try {
            sleeper.sleep(warmup);
            SenderCounters atStart = producer.enterPhase(phase + 1).counters();
            Instant t0 = clock.instant();
            sleeper.sleep(duration);
            ProducerStatus status = producer.enterPhase(phase + 2);
            double seconds = seconds(t0, clock.instant());
            PhaseSends window = status.phaseSends(phase + 1)
                    .orElseThrow(() -> new CompareException("the producer-app has no tally of phase " + (phase + 1)
                            + " after the window (GET " + producer.endpoint() + ")"));
            return new CompareResult.PublishDelay(
                    s.rate(),
                    seconds,
                    window.sent(),
                    window.sent() / seconds,
                    window.publishDelayMs(),
                    window.senderTime(),
                    blockedMs(atStart, status.counters()));
        } finally {
            stop();
        }
    }

    /** Time send() blocked on a full accumulator between two readings; null where either lacks it. */
    static Double blockedMs(SenderCounters from, SenderCounters to) {
        return from == null || to == null || from.bufferPoolWaitNs() == null || to.bufferPoolWaitNs() == null
                ? null
                : (to.bufferPoolWaitNs() - from.bufferPoolWaitNs()) / 1e6;
    }

    /**
     * Sets the consumer-app's listener and client properties for a drain and waits (bounded) until it
     * holds every partition of {@code topic}: a new setting may restart its listener, which rejoins
     * the group, and a backlog written before it holds a partition would never be read (it starts
     * at the log's end).
     */
    void consumerFor(ConsumerChange mode, String topic, int partitions, Duration timeout) throws InterruptedException {
        consumer.apply(mode);
        if (consumerWait.assigned(topic, partitions, timeout) < partitions) {
            throw new CompareException("the consumer-app did not hold all " + partitions + " partitions of " + topic
                    + " within " + timeout.toSeconds() + " s of " + mode + " (GET " + consumer.endpoint() + ")");
        }
    }

    /**
     * Takes the consumer-app off commit auto before a topic it holds is deleted. At the rebalance a
     * deletion brings, the Kafka consumer's own auto-commit includes the deleted topic's partitions and
     * retries them (the broker's "does not host this topic-partition" is retriable) for up to
     * max.poll.interval.ms, reading nothing meanwhile; a listener switch then waited on it, and the
     * first latency window after the drains saw no record (compare run AT). The container's commits
     * cover only what it processes after the switch: nothing of the drained topic.
     */
    void commitByTheContainer() throws InterruptedException {
        consumer.apply(ConsumerChange.none().with(null, CommitMode.BATCH, null));
    }

    /**
     * With the consumer-app paused, the producer-app writes {@code records} records of phase {@code
     * phase} to {@code topic}, unthrottled, stopping by itself at that count, and the runner waits
     * until they are acknowledged. Returns how many the phase holds.
     */
    long writeBacklog(ProducerSettings s, String topic, int phase, long records) throws InterruptedException {
        consumer.consuming(false);
        producer.startBacklog(s, phase, "compare-backlog", topic, Math.toIntExact(records));
        try {
            BacklogSends.Written w = new BacklogSends(producer, clock, sleeper, out, PROGRESS_EVERY)
                    .await(phase, records, "    ", tally -> {
                        PhaseSends now = tally.orElseThrow(
                                () -> new CompareException("the producer-app has no tally of backlog phase " + phase
                                        + " (GET " + producer.endpoint() + ")"));
                        if (now.failed() > 0) {
                            throw new CompareException("the producer-app failed " + now.failed()
                                    + " sends of the backlog (phase " + phase + ", " + now.sent()
                                    + " sent): see its log");
                        }
                    });
            if (w.stalled()) {
                throw new CompareException(String.format(
                        Locale.ROOT,
                        "the backlog stopped growing at %,d of %,d records (nothing sent for %d s)",
                        w.sent(),
                        records,
                        BacklogSends.STALL.toSeconds()));
            }
        } finally {
            stop();
        }
        PhaseSends written = sends(phase);
        if (written.failed() > 0) {
            throw new CompareException("the producer-app failed " + written.failed() + " sends of the backlog (phase "
                    + phase + "): the backlog is not what was sent");
        }
        return written.acked();
    }

    private PhaseSends sends(int phase) throws InterruptedException {
        return producer.state()
                .phaseSends(phase)
                .orElseThrow(() -> new CompareException("the producer-app has no tally of backlog phase " + phase
                        + " (GET " + producer.endpoint() + ")"));
    }

    /**
     * Resumes the consumer-app and waits until it has read all {@code records} of phase
     * {@code phase}: the drain runs from the processing of the first record to that of the last,
     * both on the consumer-app's clock (the resume's HTTP call and the first fetch left out, as
     * ConsumerPerformance's figure leaves out its start and group join). It is paused again after
     * and the phase released.
     */
    LabDrain drain(ListenerType listener, int phase, long records, Duration timeout) throws InterruptedException {
        Instant resumed = clock.instant();
        consumer.consuming(true);
        try {
            PhaseView v = waits.until(
                            timeout, DRAIN_POLL, () -> consumer.latency().phase(phase), seen -> read(seen) >= records)
                    .orElseThrow(seen -> new CompareException(String.format(
                            Locale.ROOT,
                            "the consumer-app read %,d of the backlog's %,d records within %d s (%s listener)",
                            read(seen),
                            records,
                            timeout.toSeconds(),
                            listener)))
                    .orElseThrow();
            if (v.firstReceived() == null || v.firstReceived().isBefore(resumed)) {
                throw new CompareException("the consumer-app had read part of the backlog of phase " + phase
                        + " before it was resumed (first record at " + v.firstReceived() + ", resumed at "
                        + resumed + "): it was not paused, and the drain cannot be timed");
            }
            return new LabDrain(listener, v.count(), v.firstReceived(), v.lastReceived(), v.lost(), v.duplicated());
        } finally {
            consumer.consuming(false);
            consumer.release(phase);
        }
    }

    /** The records of {@code phase} the consumer-app has read so far (0: none, or no view of the phase). */
    long consumerRead(int phase) throws InterruptedException {
        return read(consumer.latency().phase(phase));
    }

    private static long read(Optional<PhaseView> phase) {
        return phase.map(PhaseView::count).orElse(0L);
    }

    /** The realistic load at a rate, the consumer reading, under {@code phase}; {@link #stop()} ends it. */
    void startAtRate(ProducerSettings s, int phase) throws InterruptedException {
        producer.start(s, phase);
    }

    /**
     * {@code s}'s load doing exactly ProducerPerformance's work at a rate: no lab header, to the tool's
     * topic, which nobody reads; {@link #stop()} ends it and puts the header and the lab topic back.
     */
    void startLikeTheTool(ProducerSettings s, String toolTopic) throws InterruptedException {
        // Records without the header belong to no phase (the producer-app refuses one): phase 0.
        producer.start(s, 0, toolTopic, false);
    }

    /** The producer-app's counters now (sent, acked, failed since it started). */
    SenderCounters producerCounters() throws InterruptedException {
        return producer.state().counters();
    }

    ProducerStatus enterPhase(int phase) throws InterruptedException {
        return producer.enterPhase(phase);
    }

    /** Lets the consumer-app forget every phase through {@code throughPhase}: read, and stored by whoever measured it. */
    void release(int throughPhase) throws InterruptedException {
        consumer.release(throughPhase);
    }

    void sleep(Duration d) throws InterruptedException {
        sleeper.sleep(d);
    }

    double producerCpuSeconds() throws InterruptedException {
        return producer.cpuSeconds();
    }

    double consumerCpuSeconds() throws InterruptedException {
        return consumer.cpuSeconds();
    }

    /**
     * Stops the load; the producer answers once every record in flight is acknowledged. Keys go
     * back to the lab's default, order ids, and records to the lab topic with the lab's header.
     */
    ProducerStatus stop() throws InterruptedException {
        return producer.apply(SettingsChange.stopOn(ProducerClient.LAB_TOPIC).withKeyStrategy(LAB_KEYS));
    }

    /** Forgets the consumer's history, so loss tracking starts with the records that come next. */
    void consuming(boolean consuming) throws InterruptedException {
        consumer.consuming(consuming);
    }

    void forgetTopic(String topic) throws InterruptedException {
        consumer.forgetTopic(topic);
    }

    /** The consumer-app's settings, to put back after the drains changed its listener. */
    ConsumerSettings consumerSettings() throws InterruptedException {
        return consumer.status().settings();
    }

    void restoreConsumer(ConsumerSettings s) throws InterruptedException {
        consumer.apply(ConsumerChange.to(s, true));
    }

    void resetConsumer() throws InterruptedException {
        consumer.reset();
    }

    /**
     * Waits (bounded) until the consumer has read everything the producer-app sent, so the next
     * measurement does not share the CPU with a consumer catching up. False when it ran out of time.
     */
    boolean awaitConsumer(Duration timeout) throws InterruptedException {
        return consumerWait.drained(List.of(producer.state()), timeout, null).drained();
    }

    private void start(ProducerSettings s) throws InterruptedException {
        startAtRate(s, 0);
    }

    private static double seconds(Instant a, Instant b) {
        return Math.max(1e-9, Duration.between(a, b).toNanos() / 1e9);
    }
}
