package dev.latencylab.producer.load;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.core.payload.PayloadPlan;
import dev.latencylab.core.schedule.OpenLoopSchedule;
import dev.latencylab.core.schedule.Pacer;
import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.SendLog;
import dev.latencylab.producer.LabProducerProperties;
import dev.latencylab.producer.load.ChangeQueue.PendingChange;
import dev.latencylab.producer.selftest.DuplicatedRecords;
import dev.latencylab.producer.selftest.SenderPause;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.stereotype.Component;

/**
 * The open-loop sender: one thread sends each record when the schedule says it is due, late if
 * it must, never skipping one.
 *
 * <p>Settings changes are queued and applied by the sender thread itself between two sends, so
 * no send can race a producer being replaced: the old producer is flushed (every record in
 * flight acknowledged) and closed, the factory's configs updated, and the next send makes a
 * producer of them. Sequence numbers run on across the switch.
 */
@Component
public class LoadGenerator implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LoadGenerator.class);
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final double UNTHROTTLED_PLACEHOLDER_RATE = 1_000;

    private final UUID producerId = UUID.randomUUID();
    private final OpenLoopSchedule schedule;
    /** Whether the next record goes now; the sender thread's. */
    private final Pacer pacer = new Pacer();

    private final RecordSender sender;
    private final ChangeQueue changes = new ChangeQueue();
    private final SendLog sendLog = new SendLog();
    /** The current phase's tally; read and replaced by the sender thread only. */
    private PhaseTally tally = sendLog.phase(0, null);

    /** What the record values are made of; read and replaced by the sender thread only. */
    private PayloadPlan plan;

    private volatile LoadState state;
    /** Ids of phases by hand; the sender thread's. */
    private final HandPhaseIds byHand = new HandPhaseIds();

    private volatile long generation;

    /** Records still to send before the load stops by itself (0: no such stop asked); the sender thread's. */
    private int recordsToStop;

    /** The load stopped by itself and its records were not flushed yet: the next stop does it; the sender thread's. */
    private boolean flushOwed;

    private volatile boolean stopping;
    private Thread thread;

    /**
     * Every sample file a plan needs is read through it, a later plan's read of the same file too:
     * a path checked once may lead elsewhere by the time it is read again.
     */
    private final SampleFolder samples;

    private final SenderPause selfTestPause;

    /** @param maker makes the Kafka producers of the factory's configs */
    LoadGenerator(
            ProducerFactory<byte[], byte[]> factory,
            LabProducers.Maker maker,
            LabProducerProperties properties,
            MeterRegistry registry,
            SenderHistograms histograms,
            DuplicatedRecords selfTestDuplicates,
            SenderPause selfTestPause,
            SampleFolder samples) {
        this.samples = samples;
        this.selfTestPause = selfTestPause;
        this.state =
                new LoadState(ClientConfigs.atStart(factory, properties), properties.autostart(), properties.topic());
        // Unthrottled sends keep no schedule; it is there, at some rate, for when a rate is set.
        this.schedule = new OpenLoopSchedule(
                state.settings().unthrottled() ? UNTHROTTLED_PLACEHOLDER_RATE : properties.rate(), System::nanoTime);
        this.sender = new RecordSender(
                new LabProducers(factory, producerId, maker),
                producerId,
                schedule,
                selfTestDuplicates,
                registry,
                histograms,
                () -> state,
                () -> generation);
        sender.showPhase(state);
        this.plan = PayloadPlan.of(state.settings(), samples::read);
    }

    public UUID producerId() {
        return producerId;
    }

    public LoadState state() {
        return state;
    }

    /** What GET /actuator/producer shows: this state, the generation, the counters and the named phases' sends. */
    public ProducerStatus status(LoadState s) {
        return new ProducerStatus(
                producerId,
                s.topic(),
                s.running(),
                generation,
                s.settings(),
                s.phase(),
                s.phaseName(),
                counters(),
                sendLog.view(),
                s.header(),
                scheduleLagMs(s));
    }

    /** How late the next record is on its schedule; null when no schedule runs. */
    private Double scheduleLagMs(LoadState s) {
        if (!s.running() || s.settings().unthrottled()) {
            return null;
        }
        return Math.max(0, System.nanoTime() - schedule.nextIntendedNanos()) / 1e6;
    }

    public long generation() {
        return generation;
    }

    public SenderCounters counters() {
        return sender.counters();
    }

    /**
     * Queues a change for the sender thread; completes once it is in effect.
     *
     * @param topicId the ID of the topic the change sends to, when the caller looked it up (a start
     *     or a change of topic); null when it did not
     */
    public CompletableFuture<LoadState> submit(SettingsChange change, Uuid topicId) {
        CompletableFuture<LoadState> done = changes.add(change, state.settings(), topicId, samples::read);
        LockSupport.unpark(thread);
        return done;
    }

    /**
     * Withdraws a change the sender has not started applying. False when it is being applied
     * (or was), in which case its future completes as usual.
     */
    public boolean withdraw(CompletableFuture<LoadState> change) {
        return changes.withdraw(change);
    }

    @Override
    public void start() {
        thread = new Thread(this::run, "lab-sender");
        thread.setDaemon(true);
        stopping = false;
        thread.start();
        log.info(
                "Producer {} sending to {} with {} ({})",
                producerId,
                state.topic(),
                state.settings(),
                state.running() ? "running" : "stopped until POST {\"running\":true}");
    }

    @Override
    public void stop() {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            // Still inside a send or a commit (a commit may block for minutes): the producer is its alone.
            log.warn("The sender thread did not stop within 30 s; its last records may not be flushed");
            return;
        }
        sender.flushIfMade();
    }

    @Override
    public boolean isRunning() {
        return thread != null && thread.isAlive();
    }

    private void run() {
        // The schedule starts when sending can start, not when the bean was built: the time spent
        // creating the topic and starting the web server is not lateness.
        schedule.restartNow();
        sendLog.watchCurrentThread();
        while (!stopping) {
            try {
                step();
            } catch (RuntimeException | Error e) {
                // A sender that dies silently would leave the endpoint saying "running" and every
                // change queued forever; count it, say it, carry on.
                log.error("Sender step failed; continuing", e);
                LockSupport.parkNanos(MAX_PARK_NANOS * 20);
            }
        }
        changes.failWaiting();
    }

    private void step() {
        PendingChange change = changes.next();
        if (change != null) {
            apply(change);
            return;
        }
        int transactionMs = state.settings().transactionMs();
        sender.endTransactionIfDue(transactionMs);
        if (!state.running()) {
            LockSupport.parkNanos(MAX_PARK_NANOS * 20);
            return;
        }
        if (selfTestPause.pauseIfArmed()) {
            return;
        }
        if (state.settings().unthrottled()) {
            // As fast as send() returns: each record is intended when it is sent, so no publish delay.
            sender.send(state, plan, tally, 0, RecordSender.NOT_READ);
            countTowardStop();
            return;
        }
        long due = schedule.nextIntendedNanos();
        long now = System.nanoTime();
        long wait = pacer.waitNanos(
                due, now, state.settings().pacing(), state.settings().rate());
        if (wait > 0) {
            // Short slices so a queued change is picked up promptly even at low rates; a transaction
            // due before the next record is ended on time.
            long until = Math.min(now + wait, sender.transactionDueNanos(transactionMs));
            LockSupport.parkNanos(Math.max(0, Math.min(until - now, MAX_PARK_NANOS)));
            return;
        }
        sender.send(state, plan, tally, due, now);
        countTowardStop();
    }

    /**
     * Stops the load once the records a change asked for were sent: here, between two sends, so not
     * one more goes (a stop the runner sends on seeing the count comes a poll and a request late).
     * Only the sending stops: the open transaction's end and the flush are owed to the next change
     * (the runner's stop follows), which answers for them as any stop does, instead of holding up
     * every change queued behind them here.
     */
    private void countTowardStop() {
        if (recordsToStop > 0 && --recordsToStop == 0) {
            log.info("The records stopAfterRecords asked for were sent; the load stops (flushed by the next change)");
            PendingChange stop = new PendingChange(SettingsChange.stop(), null, null, new CompletableFuture<>());
            apply(stop, true);
            stop.done().whenComplete((stopped, failure) -> {
                if (failure != null) {
                    log.error("The load could not stop at the records stopAfterRecords asked for", failure);
                }
            });
        }
    }

    private void apply(PendingChange pending) {
        apply(pending, false);
    }

    /** @param byItself the load stopping at its count: sending stops, the rest is owed ({@link #countTowardStop}) */
    private void apply(PendingChange pending, boolean byItself) {
        try {
            // A transaction holds one phase's records under one producer's settings.
            if (!byItself) {
                sender.endTransaction();
            }
            LoadState before = state;
            LoadState after = before.apply(pending.change(), byHand::next);
            sender.prepareFor(before, after, pending.change(), pending.topicId());
            boolean throttledAgain =
                    before.settings().unthrottled() && !after.settings().unthrottled();
            if (!after.settings().unthrottled()
                    && after.settings().rate() != before.settings().rate()) {
                schedule.changeRate(after.settings().rate());
            }
            if ((after.running() && !before.running()) || throttledAgain) {
                // Nothing was scheduled while unthrottled: the schedule starts afresh, not behind.
                schedule.restartNow();
            }
            if (byItself) {
                flushOwed = true;
            } else if (!after.running() && (before.running() || flushOwed)) {
                sender.flush();
                flushOwed = false;
            }
            if (pending.plan() != null) {
                plan = pending.plan();
            }
            boolean elsewhere =
                    after.phase() != before.phase() || !after.topic().equals(before.topic());
            if (elsewhere) {
                tally = sendLog.phase(after.phase(), after.topic());
            }
            Integer stopAfter = pending.change().stopAfterRecords();
            if (stopAfter != null) {
                recordsToStop = stopAfter;
            } else if (elsewhere || (before.running() && !after.running())) {
                recordsToStop = 0;
            }
            state = after;
            sender.showPhase(after);
            if (!after.equals(before)) {
                generation++;
                log.info(
                        "Now {} to {}, phase {}, {}{}",
                        after.settings(),
                        after.topic(),
                        after.phase(),
                        after.running() ? "running" : "stopped",
                        after.header() ? "" : ", without the lab header (records the consumer cannot time or count)");
            }
            pending.done().complete(after);
        } catch (RuntimeException e) {
            pending.done().completeExceptionally(e);
        }
    }
}
