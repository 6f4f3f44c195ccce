package dev.latencylab.core.latency;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.accounting.PhaseIds;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.core.accounting.GroupLedgers;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.accounting.SequenceOutcome;
import dev.latencylab.core.accounting.SequenceTracker;
import dev.latencylab.core.header.LabHeader;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * The consumer side of the measurement: turns each received record into two latencies in the
 * histogram of its phase (the phase id its header carries), into the group's
 * offset ledger (first delivery or redelivery) and into loss and duplicate accounting by
 * sequence number. Keeps nothing per record. Thread-safe (one lock; the consumer thread is the
 * only frequent caller).
 */
public final class LatencyRecorder {

    /**
     * Bounds the memory of phases held at once (3 histograms of ~160 KiB and up to 0.5 MiB of keys
     * each): the runner releases each phase once it has stored it ({@link #release}), so a run of any
     * length holds a handful. Reaching it is counted ({@code skipped.tooManyPhases}) and stops the runner's run.
     */
    public static final int MAX_PHASES = AccountingLimits.MAX_LIVE_PHASES;
    /** A poll time meaning "not known": the record gives no batch-wait sample. */
    public static final long NOT_POLLED = Long.MIN_VALUE;

    private final Duration grace;
    private final GroupLedgers ledgers;
    private final HeldPhases phases = new HeldPhases();

    private final SequenceTracker tracker;
    private long noHeader;
    private long badHeader;
    private long badPayload;
    private final LifetimeTally lifetime = new LifetimeTally();
    /** What {@link #recordOutcome} found for the record it counted last, for {@link #record}'s result. */
    private RecordResult.Status lastStatus;

    private long lastLatency;
    private long lastCorrected;

    /**
     * @param grace how long a gap in a producer's sequence stays open before it counts as lost
     * @param ledgers the group's offset ledgers, one per topic
     */
    public LatencyRecorder(Duration grace, OffsetLedgers ledgers) {
        this(grace, GroupLedgers.of(ledgers));
    }

    /** @param ledgers the ledgers of the app's consumer group and of its share group */
    public LatencyRecorder(Duration grace, GroupLedgers ledgers) {
        this.grace = grace;
        this.ledgers = ledgers;
        this.tracker = newTracker();
    }

    /**
     * Records one consumed record.
     *
     * @param header the value of the {@link LabHeader#KEY} header, null when absent
     * @param value the record value (checked to look like a JSON object)
     * @param topic the topic it came from
     * @param partition the partition it came from
     * @param offset its offset in that partition
     * @param nowMicros consume time, epoch microseconds
     */
    public RecordResult record(byte[] header, byte[] value, String topic, int partition, long offset, long nowMicros) {
        return record(header, value, topic, partition, offset, NOT_POLLED, nowMicros);
    }

    /**
     * Records one consumed record whose processing finished at {@code nowMicros}, after the poll
     * that returned it at {@code polledMicros}: the difference, the time it waited in its batch
     * and was processed, goes into the phase's batch-wait histogram.
     *
     * @param polledMicros when the poll that returned it returned, epoch microseconds; {@link
     *     #NOT_POLLED} when unknown (no batch-wait sample)
     */
    public synchronized RecordResult record(
            byte[] header, byte[] value, String topic, int partition, long offset, long polledMicros, long nowMicros) {
        return record(false, null, header, value, topic, partition, offset, polledMicros, nowMicros);
    }

    /**
     * {@link #record(byte[], byte[], String, int, long, long, long)}, by a share consumer when {@code
     * shared}, of a record whose key ({@code null}: none) is checked for its order ({@link KeyOrderTable}).
     */
    public synchronized RecordResult record(
            boolean shared,
            byte[] key,
            byte[] header,
            byte[] value,
            String topic,
            int partition,
            long offset,
            long polledMicros,
            long nowMicros) {
        SequenceOutcome outcome =
                recordOutcome(shared, key, header, value, topic, partition, offset, polledMicros, nowMicros);
        return lastStatus == RecordResult.Status.NO_HEADER || lastStatus == RecordResult.Status.BAD_HEADER
                ? RecordResult.skipped(lastStatus)
                : new RecordResult(lastStatus, LabHeader.phase(header), lastLatency, lastCorrected, outcome);
    }

    /**
     * {@link #record(boolean, byte[], byte[], byte[], String, int, long, long, long)} for the polling
     * thread: its sequence outcome alone (null when it had no readable header), nothing allocated.
     */
    public synchronized SequenceOutcome recordOutcome(
            boolean shared,
            byte[] key,
            byte[] header,
            byte[] value,
            String topic,
            int partition,
            long offset,
            long polledMicros,
            long nowMicros) {
        return recordOutcome(shared, key, true, header, value, topic, partition, offset, polledMicros, nowMicros);
    }

    /**
     * {@link #recordOutcome(boolean, byte[], byte[], byte[], String, int, long, long, long)}, its key's
     * order checked only when {@code keyOrderCanBreak}: otherwise the record (when it has a key) is
     * counted as processed in order, no key hashed
     * ({@link dev.latencylab.api.latency.KeyOrder#inOrderNotChecked()}).
     */
    public synchronized SequenceOutcome recordOutcome(
            boolean shared,
            byte[] key,
            boolean keyOrderCanBreak,
            byte[] header,
            byte[] value,
            String topic,
            int partition,
            long offset,
            long polledMicros,
            long nowMicros) {
        if (header == null) {
            passIfShared(shared, topic, partition, offset);
            noHeader++;
            lifetime.noHeader();
            lastStatus = RecordResult.Status.NO_HEADER;
            return null;
        }
        // Read in place: a stamp, a UUID and an Optional per record were half its allocation (JMH -prof gc).
        if (!LabHeader.isValid(header)) {
            passIfShared(shared, topic, partition, offset);
            badHeader++;
            lifetime.badHeader();
            lastStatus = RecordResult.Status.BAD_HEADER;
            return null;
        }
        int stampPhase = LabHeader.phase(header);
        long sequence = LabHeader.sequence(header);
        int phaseId = phases.idOf(stampPhase);
        PhaseHistograms phase = phases.byId(phaseId);
        long latency = nowMicros - LabHeader.actualSendMicros(header);
        long corrected = nowMicros - LabHeader.intendedSendMicros(header);
        lastLatency = latency;
        lastCorrected = corrected;
        // A phase by hand is timed, not counted by offset: the runner, which releases the ledger's
        // phases, never sees it, so the ledger takes its records as it takes a warm-up's.
        int counted = PhaseIds.counted(stampPhase);
        if (!ledgers.deliver(topic, shared, partition, offset, counted)) {
            lifetime.redelivered();
            if (phase != null) {
                phase.redelivered++;
            }
            lastStatus = RecordResult.Status.MEASURED;
            return SequenceOutcome.REDELIVERED;
        }
        long producerMost = LabHeader.producerMostBits(header);
        long producerLeast = LabHeader.producerLeastBits(header);
        SequenceOutcome outcome = tracker.record(producerMost, producerLeast, sequence, partition, phaseId, nowMicros);
        lifetime.outcome(outcome);
        if (outcome == SequenceOutcome.DUPLICATE && counted != 0) {
            // A warm-up's record may sit inside a phase's run of offsets (several producers switch
            // apart): its copy is no duplicate of that phase's. Warm-ups are counted for no phase.
            ledgers.duplicate(topic, shared, partition, offset);
        }
        // A value that is not the lab's JSON (a user's sample line) is still a record: counted in
        // the ledger and by sequence like every other, only its latency is no sample.
        boolean sampled = looksLikeJsonObject(value);
        if (!sampled) {
            badPayload++;
            lifetime.badPayload();
        }
        if (phase != null) {
            phase.count(outcome, sampled, nowMicros, latency, corrected, polledMicros);
            if (outcome.isFirstArrival() && keyOrderCanBreak) {
                phase.keyOrder(producerMost, producerLeast, key, sequence);
            } else if (outcome.isFirstArrival()) {
                phase.keyInOrder(key);
            }
        }
        lastStatus = sampled ? RecordResult.Status.MEASURED : RecordResult.Status.BAD_PAYLOAD;
        return outcome;
    }

    /**
     * Checks the order of a first arrival's key apart from its recording (which was given no key):
     * for records whose processing finished in another order than the one they were recorded in.
     */
    public synchronized void keyOrder(byte[] header, byte[] key) {
        PhaseHistograms phase = LabHeader.isValid(header) ? phases.find(LabHeader.phase(header)) : null;
        if (phase != null) {
            phase.keyOrder(
                    LabHeader.producerMostBits(header),
                    LabHeader.producerLeastBits(header),
                    key,
                    LabHeader.sequence(header));
        }
    }

    /** A share group's watermark has to pass a record counted nowhere, or every later phase would wait for it. */
    private void passIfShared(boolean shared, String topic, int partition, long offset) {
        if (shared) {
            ledgers.passShared(topic, partition, offset);
        }
    }

    /** The counts since the recorder was created, for counters that only go up. */
    public synchronized LifetimeCounts lifetime() {
        return lifetime.counts();
    }

    /** See {@link GroupLedgers#assigned}: call it for each partition assigned, with its consumer's position. */
    public synchronized boolean assigned(String topic, int partition, long logEndOffset, long position) {
        return ledgers.assigned(topic, partition, logEndOffset, position);
    }

    /** See {@link GroupLedgers#revoked}: call it for each partition revoked or lost. */
    public synchronized void revoked(String topic, int partition) {
        ledgers.revoked(topic, partition);
    }

    /**
     * A record a share consumer was handed and that is not counted (a self-test skips it on purpose):
     * settled in the share ledger without a record, so the phase it belongs to counts it lost.
     */
    public synchronized void passShared(String topic, int partition, long offset) {
        ledgers.passShared(topic, partition, offset);
    }

    /** See {@link GroupLedgers#shareStart}. */
    public synchronized OptionalLong shareStart(String topic, int partition, long logEndOffset, boolean continuing) {
        return ledgers.shareStart(topic, partition, logEndOffset, continuing);
    }

    /** See {@link GroupLedgers#startShared}: once the brokers have the share group's start offset. */
    public synchronized void startShared(String topic, int partition, long start) {
        ledgers.startShared(topic, partition, start);
    }

    /** See {@link GroupLedgers#resumeConsumerGroup}. */
    public synchronized OptionalLong resumeConsumerGroup(String topic, int partition) {
        return ledgers.resumeConsumerGroup(topic, partition);
    }

    /** Whether this instance reads only part of a topic it is assigned ({@link SequenceTracker#shared(boolean)}). */
    public synchronized void shared(boolean shared) {
        tracker.shared(shared);
    }

    /** Declares lost the gaps older than the grace period; call it regularly. */
    public synchronized void expire(long nowMicros) {
        tracker.expire(nowMicros);
    }

    /**
     * Copies the histograms under the lock and computes percentiles outside it, so a report does
     * not stall recording. The consumer's description is the app's to add.
     */
    public LatencyView report() {
        return report(false);
    }

    /**
     * The report, each phase with its encoded histograms when {@code withHistograms}: what lets
     * several instances of a group be merged exactly.
     */
    public LatencyView report(boolean withHistograms) {
        List<PhaseHistograms.Snapshot> snapshots;
        List<ProducerTrack> accounts;
        Totals totals;
        List<LedgerView> offsets;
        synchronized (this) {
            snapshots = phases.snapshots();
            accounts = tracker.accounts();
            totals = totals(accounts);
            offsets = ledgers.views();
        }
        return new LatencyView(
                snapshots.stream().map(s -> s.report(withHistograms)).toList(), totals, accounts, offsets);
    }

    /** The totals alone: cheap enough for every metrics scrape. */
    public synchronized Totals totals() {
        return totals(tracker.accounts());
    }

    private Totals totals(List<ProducerTrack> accounts) {
        return TrackTotals.of(
                accounts,
                phases.redelivered(),
                new Totals.Skipped(noHeader, badHeader, badPayload, phases.refused()),
                tracker.dropped());
    }

    /**
     * Starts counting afresh: phases, counts, skip counts and the offset ledger go, but what each
     * producer's stream has delivered is kept, so a reset while records flow invents no gaps. A
     * gap open across the reset that is declared lost later counts against no phase. The ledger
     * is the whole group's: reset with the stream quiet.
     */
    public synchronized void reset() {
        phases.clear();
        ledgers.clear();
        tracker.resetCounts();
        noHeader = badHeader = badPayload = 0;
    }

    /**
     * Empties the per-phase histograms and counters but keeps sequence tracking, so records
     * straddling the reset are still accounted for (used to drop a phase's warm-up).
     */
    public synchronized void resetPhases() {
        phases.resetEntries();
    }

    /**
     * Counts from now on the records of {@code phase} whose corrected latency exceeds {@code
     * aboveMicros} (see {@link dev.latencylab.api.latency.SlowRecords}): the runner sets it when it
     * injects a fault, so the report can say which records the fault delayed.
     *
     * @return the phase's records seen before: those the watch did not look at (for an instance
     *     started mid-phase, what it read before it was told)
     */
    public synchronized long watch(int phase, long aboveMicros) {
        return phases.watch(phase, aboveMicros);
    }

    /**
     * The runner has stored the phases up to {@code throughPhase}: their histograms and counts
     * are dropped, with every warm-up's (phase 0), and the offset ledger may merge their segments.
     * What keeps a run of hundreds of phases in the memory of a few. A record of a released phase
     * that still arrives opens a new entry for it (a redelivery, a late one), which the next
     * release drops again.
     */
    public synchronized void release(int throughPhase) {
        phases.release(throughPhase);
        ledgers.release(throughPhase);
    }

    /** A topic created anew under an old name: its ledger is forgotten (call it with the topic quiet). */
    public synchronized void forgetTopic(String topic) {
        ledgers.forget(topic);
    }

    /** The phase entries held now, in the order opened: what an exporter reads at scrape time. */
    public synchronized List<HeldLatency> heldLatencies() {
        return phases.entries().stream().map(e -> new HeldLatency(this, e)).toList();
    }

    /** Phases held now (released ones are not). */
    public synchronized int phasesHeld() {
        return phases.size();
    }

    private SequenceTracker newTracker() {
        return new SequenceTracker(grace, (phaseId, count) -> {
            lifetime.lostDeclared(count);
            PhaseHistograms phase = phases.byId(phaseId);
            if (phase != null) {
                phase.lost += count;
            }
        });
    }

    /** A cheap shape check, not a parse: the lab's producer always writes one JSON object. */
    static boolean looksLikeJsonObject(byte[] value) {
        return value != null && value.length >= 2 && value[0] == '{' && value[value.length - 1] == '}';
    }
}
