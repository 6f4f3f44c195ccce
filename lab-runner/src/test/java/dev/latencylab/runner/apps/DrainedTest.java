package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DrainedTest {

    private static final UUID PRODUCER = UUID.fromString("5f0c0000-0000-0000-0000-000000000001");
    private static final Totals NOTHING_PENDING = new Totals(0, 0, 0, 0, 0, 0, 0, new Totals.Skipped(0, 0, 0, 0), 0);
    private static final Totals PENDING_IN_THE_OTHERS_SHARE =
            new Totals(10, 0, 0, 10, 0, 0, 0, new Totals.Skipped(0, 0, 0, 0), 0);

    @Test
    void aProducerThatSentOnlyRecordsWithoutTheHeaderIsDrainedForAConsumerThatNeverSawIt() {
        assertThat(Drained.check(consumer(), producer(250_000, -1), null)).isTrue();
    }

    @Test
    void aProducerWhoseStampedRecordsTheConsumerHasNotSeenYetIsNotDrained() {
        assertThat(Drained.check(consumer(), producer(10, 9), null)).isFalse();
        assertThat(Drained.check(consumer(track(5)), producer(10, 9), null)).isFalse();
    }

    @Test
    void recordsWithoutTheHeaderAfterTheLastStampedOneAreNotWaitedFor() {
        // 10 stamped records, all read, then 250,000 without the header to a topic the consumer does not read.
        assertThat(Drained.check(consumer(track(9)), producer(250_010, 9), null))
                .isTrue();
    }

    @Test
    void aGroupWhoseInstancesEachHoldOthersRecordsAsPendingIsDrainedOnceTheCurrentPhaseIsFenced() {
        // Two instances' merged view: each counts the other's share of the sequence as pending until
        // the loss grace period; the offsets show every acknowledged record of the phase processed.
        LatencyView group = group(ledger(41, 57));
        assertThat(Drained.check(group, producer(10, 9, 7, sends(7, 10, 41, 57)), null))
                .isTrue();
    }

    @Test
    void aGroupBehindInOnePartitionIsNotDrainedThoughItHasSeenTheLastSequence() {
        LatencyView group = group(ledger(41, 56));
        assertThat(Drained.check(group, producer(10, 9, 7, sends(7, 10, 41, 57)), null))
                .isFalse();
    }

    @Test
    void pendingNumbersOutsideAPhaseWaitAsBefore() {
        LatencyView group = group(ledger(41, 57));
        assertThat(Drained.check(group, producer(10, 9, 0, sends(7, 10, 41, 57)), null))
                .isFalse();
    }

    @Test
    void theFenceOfAnEarlierPhaseDoesNotStandForTheCurrentOne() {
        LatencyView group = group(ledger(41, 57));
        assertThat(Drained.check(group, producer(10, 9, 8, sends(7, 10, 41, 57)), null))
                .isFalse();
    }

    @Test
    void outOfEveryPhaseAfterAWindowThatStoppedTheLoadThatPhasesFenceSaysIt() {
        // The window of phase 7 ended with the load stopped at 10 sent; nothing sent since.
        LatencyView group = group(ledger(41, 57));
        Drained.StoppedWindow stopped = Drained.StoppedWindow.of(7, List.of(producer(10, 9, 0, null)));
        assertThat(Drained.check(group, producer(10, 9, 0, sends(7, 10, 41, 57)), stopped))
                .isTrue();
        assertThat(Drained.check(group(ledger(41, 56)), producer(10, 9, 0, sends(7, 10, 41, 57)), stopped))
                .as("behind in one partition")
                .isFalse();
    }

    @Test
    void aStoppedWindowNoLongerSpeaksForAProducerThatSentSince() {
        LatencyView group = group(ledger(41, 57));
        Drained.StoppedWindow stopped = Drained.StoppedWindow.of(7, List.of(producer(8, 7, 0, null)));
        assertThat(Drained.check(group, producer(10, 9, 0, sends(7, 10, 41, 57)), stopped))
                .as("two records sent out of every phase after the window")
                .isFalse();
        Drained.StoppedWindow another = new Drained.StoppedWindow(7, java.util.Map.of(UUID.randomUUID(), 10L));
        assertThat(Drained.check(group, producer(10, 9, 0, sends(7, 10, 41, 57)), another))
                .as("another producer-app (restarted)")
                .isFalse();
    }

    @Test
    void aStoppedProducerWhoseLastSendsFailedIsDrainedOnceItsPhaseIsFenced() {
        // Phase 7: 10 sent, sequences 0-9; the last 4 failed (delivery.timeout.ms), so the consumer's last is 5.
        LatencyView read = new LatencyView(List.of(), NOTHING_PENDING, List.of(track(5)), List.of(ledger(41, 57)));
        assertThat(Drained.check(read, producer(10, 6, 4, 9, false, 7, sends(7, 6, 41, 57)), null))
                .isTrue();
        assertThat(Drained.check(read, producer(10, 6, 3, 9, false, 7, sends(7, 6, 41, 57)), null))
                .as("one send still unanswered")
                .isFalse();
        assertThat(Drained.check(read, producer(10, 6, 4, 9, true, 7, sends(7, 6, 41, 57)), null))
                .as("still sending")
                .isFalse();
        LatencyView behind = new LatencyView(List.of(), NOTHING_PENDING, List.of(track(5)), List.of(ledger(41, 56)));
        assertThat(Drained.check(behind, producer(10, 6, 4, 9, false, 7, sends(7, 6, 41, 57)), null))
                .as("an acknowledged offset not processed yet")
                .isFalse();
    }

    @Test
    void outOfEveryPhaseAStoppedProducerWhoseLastSendsFailedIsDrainedOnceItsHighestAcknowledgedIsSeen() {
        // The next run's quiesce: phase 0, no fence; sequences 0-9 sent, 6-9 failed, 5 the highest acknowledged.
        assertThat(Drained.check(consumer(track(5)), failedTail(10, 6, 4, false, 5), null))
                .isTrue();
        assertThat(Drained.check(consumer(track(4)), failedTail(10, 6, 4, false, 5), null))
                .as("the highest acknowledged not read yet")
                .isFalse();
        assertThat(Drained.check(consumer(track(5)), failedTail(10, 6, 3, false, 5), null))
                .as("one send still unanswered: it may yet be acknowledged")
                .isFalse();
        assertThat(Drained.check(consumer(track(5)), failedTail(10, 6, 4, true, 5), null))
                .as("still sending")
                .isFalse();
        assertThat(Drained.check(consumer(), failedTail(4, 0, 4, false, -1), null))
                .as("every send failed: nothing to read")
                .isTrue();
        LatencyView gaps = new LatencyView(List.of(), PENDING_IN_THE_OTHERS_SHARE, List.of(track(5)), List.of());
        assertThat(Drained.check(gaps, failedTail(10, 6, 4, false, 5), null))
                .as("numbers still pending below the highest")
                .isFalse();
        assertThat(Drained.failedSendsNote(List.of(failedTail(10, 6, 4, false, 5))))
                .as("a drain does not wait for the failed sends")
                .isEmpty();
    }

    @Test
    void aDrainWaitedForInVainSaysWhenTheLastSendsFailed() {
        assertThat(Drained.failedSendsNote(List.of(producer(10, 6, 4, 9, false, 0, null))))
                .contains("ended with failures, 4 since it started", "never reaches the consumer");
        assertThat(Drained.failedSendsNote(List.of(producer(10, 6, 3, 9, false, 0, null))))
                .as("a send still unanswered")
                .isEmpty();
        assertThat(Drained.failedSendsNote(List.of(producer(10, 10, 0, 9, false, 0, null))))
                .isEmpty();
    }

    private static ProducerStatus failedTail(
            long sent, long acked, long failed, boolean running, long lastAckedSequence) {
        return status(
                new SenderCounters(sent, acked, failed, sent - 1, 0L, 0L, null, lastAckedSequence), running, 0, null);
    }

    /** Two instances' merged view that has seen the last sequence, the other instance's share pending. */
    private static LatencyView group(LedgerView ledger) {
        return new LatencyView(List.of(), PENDING_IN_THE_OTHERS_SHARE, List.of(track(9)), List.of(ledger));
    }

    private static PhaseSends sends(int phase, long acked, long lastOffset0, long lastOffset1) {
        return new PhaseSends(
                phase,
                "lab.orders",
                acked,
                acked,
                0,
                null,
                List.of(
                        new PartitionAcks(0, acked / 2, 0, lastOffset0),
                        new PartitionAcks(1, acked / 2, 0, lastOffset1)),
                null,
                null);
    }

    private static LedgerView ledger(long highest0, long highest1) {
        return new LedgerView(
                "lab.orders",
                "ledger-1",
                null,
                0,
                List.of(
                        new PartitionLedger(0, 0, highest0, List.of()),
                        new PartitionLedger(1, 0, highest1, List.of())));
    }

    private static LatencyView consumer(ProducerTrack... tracks) {
        return new LatencyView(List.of(), NOTHING_PENDING, List.of(tracks), List.of());
    }

    private static ProducerTrack track(long highestSequence) {
        return new ProducerTrack(PRODUCER, 0, highestSequence, highestSequence + 1, 0, 0, 0, 0, 0, 0, 0);
    }

    private static ProducerStatus producer(long sent, long lastSequence) {
        return producer(sent, lastSequence, 0, null);
    }

    private static ProducerStatus producer(long sent, long lastSequence, int phase, PhaseSends sends) {
        return producer(sent, sent, 0, lastSequence, false, phase, sends);
    }

    private static ProducerStatus producer(
            long sent, long acked, long failed, long lastSequence, boolean running, int phase, PhaseSends sends) {
        return status(new SenderCounters(sent, acked, failed, lastSequence), running, phase, sends);
    }

    private static ProducerStatus status(SenderCounters counters, boolean running, int phase, PhaseSends sends) {
        return new ProducerStatus(
                PRODUCER,
                "lab.orders",
                running,
                1,
                new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID),
                phase,
                null,
                counters,
                sends == null ? List.of() : List.of(sends),
                true,
                null);
    }
}
