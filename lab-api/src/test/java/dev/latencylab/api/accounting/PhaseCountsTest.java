package dev.latencylab.api.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.TransactionCounts;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PhaseCountsTest {

    private static final int PHASE = 7;

    /** Phase 7 wrote offsets 100..149 in partition 0 and 200..229 in partition 1; 2 sends failed. */
    private static final PhaseSends SENDS = new PhaseSends(
            PHASE,
            "lab.orders",
            82,
            80,
            2,
            null,
            List.of(new PartitionAcks(0, 50, 100, 149), new PartitionAcks(1, 30, 200, 229)),
            null,
            null);

    @Test
    void aPhaseEveryRecordOfWhichWasProcessedHasNoLossAndFailedSendsAreNotLosses() {
        LedgerView ledger = ledger(
                new PartitionLedger(
                        0, 90, 160, List.of(seg(0, 90, 99, 0), seg(PHASE, 100, 149, 4), seg(0, 150, 160, 0))),
                new PartitionLedger(1, 180, 229, List.of(seg(0, 180, 199, 0), seg(PHASE, 200, 229, 0))));

        assertThat(PhaseFence.passed(SENDS, ledger)).isTrue();
        PhaseCounts counts = PhaseCounts.of(SENDS, ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(80);
        assertThat(counts.lost()).isZero();
        assertThat(counts.failed()).isEqualTo(2);
        assertThat(counts.redelivered()).isEqualTo(4);
        assertThat(counts.acked()).isEqualTo(counts.received() + counts.lost() + counts.unobserved());
    }

    @Test
    void anOffsetNeverProcessedIsLostInThePhaseThatWroteIt() {
        // Offsets 120..129 of partition 0 were skipped (the group's position jumped past them).
        LedgerView ledger = ledger(
                new PartitionLedger(0, 100, 149, List.of(seg(PHASE, 100, 119, 0), seg(PHASE, 130, 149, 0))),
                new PartitionLedger(1, 200, 229, List.of(seg(PHASE, 200, 229, 0))));

        PhaseCounts counts = PhaseCounts.of(SENDS, ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(70);
        assertThat(counts.lost()).isEqualTo(10);
        assertThat(counts.acked()).isEqualTo(counts.received() + counts.lost() + counts.unobserved());
    }

    @Test
    void recordsWrittenBeforeTheGroupFirstReadAPartitionAreUnobservedNotLost() {
        // The consumer joined mid-phase: partition 0 was first read at offset 130, partition 1 after the phase.
        LedgerView ledger = ledger(
                new PartitionLedger(0, 130, 149, List.of(seg(PHASE, 130, 149, 0))),
                new PartitionLedger(1, 240, 250, List.of(seg(0, 240, 250, 0))));

        PhaseCounts counts = PhaseCounts.of(SENDS, ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(20);
        assertThat(counts.unobserved()).isEqualTo(30 + 30);
        assertThat(counts.lost()).isZero();
    }

    @Test
    void theFenceWaitsForUnansweredSendsAndForEveryPartitionToPassTheLastAcknowledgedOffset() {
        LedgerView behind = ledger(
                new PartitionLedger(0, 100, 149, List.of(seg(PHASE, 100, 149, 0))),
                new PartitionLedger(1, 200, 228, List.of(seg(PHASE, 200, 228, 0))));
        assertThat(PhaseFence.passed(SENDS, behind)).isFalse();
        assertThat(PhaseFence.waitingFor(SENDS, behind)).isEqualTo("partitions behind: 1 (at 228, needs 229)");

        PhaseSends unanswered = new PhaseSends(PHASE, "lab.orders", 83, 80, 2, null, SENDS.partitions(), null, null);
        LedgerView caughtUp = ledger(
                new PartitionLedger(0, 100, 149, List.of(seg(PHASE, 100, 149, 0))),
                new PartitionLedger(1, 200, 229, List.of(seg(PHASE, 200, 229, 0))));
        assertThat(PhaseFence.passed(unanswered, caughtUp)).isFalse();
        assertThat(PhaseFence.waitingFor(unanswered, caughtUp)).isEqualTo("1 sends unanswered");
        assertThat(PhaseFence.passed(SENDS, caughtUp)).isTrue();
    }

    @Test
    void aRecordWrittenTwiceIsReceivedOnceSoItCannotHideARealLoss() {
        // Partition 0 holds 51 offsets of the phase: 50 records, one of them written twice (an
        // acks=1 retry); one acknowledged record of partition 1 (offset 229) was never processed.
        PhaseSends sends = new PhaseSends(
                PHASE,
                "lab.orders",
                80,
                80,
                0,
                null,
                List.of(new PartitionAcks(0, 50, 100, 150), new PartitionAcks(1, 30, 200, 229)),
                null,
                null);
        LedgerView ledger = ledger(
                new PartitionLedger(0, 100, 150, List.of(new OffsetSegment(PHASE, 100, 150, 0, 1, 0))),
                new PartitionLedger(1, 200, 229, List.of(seg(PHASE, 200, 228, 0), seg(0, 229, 229, 0))));

        // The consumer instance that saw the copy may be gone: the ledger's count is the group's.
        PhaseCounts counts = PhaseCounts.of(sends, ledger, Optional.of(consumerSaw(0)));

        assertThat(counts.received()).isEqualTo(79);
        assertThat(counts.duplicated()).isEqualTo(1);
        assertThat(counts.lost()).isEqualTo(1);
        assertThat(counts.received()).isLessThanOrEqualTo(counts.acked());
    }

    @Test
    void recordsPastTheHighestOffsetTheGroupProcessedAreUnreadNotLost() {
        // The fence timed out: partition 0 processed up to 139 of 100..149 (an instance died).
        LedgerView ledger = ledger(
                new PartitionLedger(0, 100, 139, List.of(seg(PHASE, 100, 139, 0))),
                new PartitionLedger(1, 200, 229, List.of(seg(PHASE, 200, 229, 0))));

        PhaseCounts counts = PhaseCounts.of(SENDS, ledger, Optional.empty());

        assertThat(PhaseFence.passed(SENDS, ledger)).isFalse();
        assertThat(counts.unread()).isEqualTo(10);
        assertThat(counts.lost()).isZero();
        assertThat(counts.received()).isEqualTo(70);
    }

    @Test
    void aPartitionTheGroupNeverReadIsUnreadNotUnobserved() {
        LedgerView ledger = ledger(new PartitionLedger(0, 100, 149, List.of(seg(PHASE, 100, 149, 0))));

        PhaseCounts counts = PhaseCounts.of(SENDS, ledger, Optional.empty());

        assertThat(counts.unread()).isEqualTo(30);
        assertThat(counts.unobserved()).isZero();
        assertThat(counts.lost()).isZero();
        assertThat(PhaseFence.passed(SENDS, ledger)).isFalse();
        assertThat(counts.acked() + counts.storedDespiteFailure())
                .isEqualTo(counts.received() + counts.lost() + counts.unobserved() + counts.unread());
    }

    @Test
    void aSendThatFailedButWasStoredIsCountedAsSuchNotAsAnExtraReceivedOfTheAcknowledged() {
        // 82 sent, 80 acknowledged, 2 failed (timed out), but the brokers stored one of the two.
        PhaseSends sends = new PhaseSends(
                PHASE,
                "lab.orders",
                82,
                80,
                2,
                null,
                List.of(new PartitionAcks(0, 50, 100, 150), new PartitionAcks(1, 30, 200, 229)),
                null,
                null);
        LedgerView ledger = ledger(
                new PartitionLedger(0, 100, 150, List.of(seg(PHASE, 100, 150, 0))),
                new PartitionLedger(1, 200, 229, List.of(seg(PHASE, 200, 229, 0))));

        PhaseCounts counts = PhaseCounts.of(sends, ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(81);
        assertThat(counts.storedDespiteFailure()).isEqualTo(1);
        assertThat(counts.lost()).isZero();
        assertThat(counts.acked() + counts.storedDespiteFailure())
                .isEqualTo(counts.received() + counts.lost() + counts.unobserved() + counts.unread());
    }

    /**
     * Partition 0, offsets 100..159: four transactions of 10 records, each followed by its marker (110,
     * 121, 132, 143 ... ), the third aborted: 40 records acknowledged, 10 of them aborted, the last
     * committed record at 152, the aborted transaction's records at 122..131.
     */
    private static final PhaseSends TRANSACTIONAL = new PhaseSends(
            PHASE,
            "lab.orders",
            40,
            40,
            0,
            null,
            List.of(new PartitionAcks(0, 40, 100, 152, 10, 152)),
            null,
            new TransactionCounts(3, 1, 10, 0));

    @Test
    void atReadCommittedTheAbortedTransactionsRecordsAreNotExpectedAndNotLost() {
        // The group was given 100..109, 111..120, 133..142, 144..153 less the markers: one segment, 30 records.
        LedgerView ledger =
                ledger(new PartitionLedger(0, 100, 152, List.of(new OffsetSegment(PHASE, 100, 152, 0, 0, 23))));

        PhaseSends given = TRANSACTIONAL.givenTo(committedReader());
        assertThat(PhaseFence.passed(given, ledger)).isTrue();
        PhaseCounts counts = PhaseCounts.of(given, ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(30);
        assertThat(counts.lost()).isZero();
        assertThat(counts.abortedRecords()).isEqualTo(10);
        assertThat(counts.acked())
                .isEqualTo(counts.received() + counts.lost() + counts.unobserved() + counts.abortedRecords());
    }

    @Test
    void atReadUncommittedTheAbortedTransactionsRecordsAreExpectedAndReceived() {
        // Every record given, markers skipped (4 of them, at 110, 121, 132, 143 ... within 100..152).
        LedgerView ledger =
                ledger(new PartitionLedger(0, 100, 152, List.of(new OffsetSegment(PHASE, 100, 152, 0, 0, 13))));
        PhaseSends given = TRANSACTIONAL.givenTo(new ConsumerDescription("lab.orders", "g", Map.of()));

        PhaseCounts counts = PhaseCounts.of(given, ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(40);
        assertThat(counts.lost()).isZero();
        assertThat(counts.storedDespiteFailure()).isZero();
        assertThat(counts.abortedRecords()).isEqualTo(10);
    }

    @Test
    void atReadCommittedARecordOfACommittedTransactionNeverGivenIsLost() {
        // As the first test, but 5 committed records never processed: the segment skipped them too.
        LedgerView ledger =
                ledger(new PartitionLedger(0, 100, 152, List.of(new OffsetSegment(PHASE, 100, 152, 0, 0, 28))));

        PhaseCounts counts = PhaseCounts.of(TRANSACTIONAL.givenTo(committedReader()), ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(25);
        assertThat(counts.lost()).isEqualTo(5);
    }

    @Test
    void aFenceAtReadCommittedDoesNotWaitForAnAbortedTransactionAtTheEndOfThePhase() {
        // The phase's last transaction (offsets 150..159) aborted: the last committed record is at 148.
        PhaseSends sends = new PhaseSends(
                PHASE,
                "lab.orders",
                20,
                20,
                0,
                null,
                List.of(new PartitionAcks(0, 20, 139, 159, 10, 148)),
                null,
                new TransactionCounts(1, 1, 10, 0));
        LedgerView ledger = ledger(new PartitionLedger(0, 139, 148, List.of(seg(PHASE, 139, 148, 0))));

        assertThat(PhaseFence.passed(sends, ledger)).isFalse();
        assertThat(PhaseFence.passed(sends.givenTo(committedReader()), ledger)).isTrue();
    }

    @Test
    void aGroupThatStartedInsideATransactionalPhaseCountsTheRestUnobservedNotLost() {
        // The group's first offset is 133: 30 records of 100..152 were written before it, with their markers.
        LedgerView ledger =
                ledger(new PartitionLedger(0, 133, 152, List.of(new OffsetSegment(PHASE, 133, 152, 0, 0, 2))));
        PhaseSends given = TRANSACTIONAL.givenTo(new ConsumerDescription("lab.orders", "g", Map.of()));

        PhaseCounts counts = PhaseCounts.of(given, ledger, Optional.empty());

        assertThat(counts.received()).isEqualTo(18);
        assertThat(counts.lost()).isZero();
        assertThat(counts.unobserved()).isEqualTo(22);
    }

    private static ConsumerDescription committedReader() {
        return new ConsumerDescription(
                "lab.orders",
                "g",
                Map.of("isolation.level", "read_uncommitted"),
                Map.of("isolation.level", "read_committed"));
    }

    private static dev.latencylab.api.latency.PhaseView consumerSaw(long duplicated) {
        return new dev.latencylab.api.latency.PhaseView(
                PHASE, 79, null, null, null, null, 0, 0, duplicated, 0, 0, 0, null, null, null, 0, null);
    }

    private static OffsetSegment seg(int phase, long from, long to, long redelivered) {
        return new OffsetSegment(phase, from, to, redelivered);
    }

    private static LedgerView ledger(PartitionLedger... partitions) {
        return new LedgerView("lab.orders", "ledger", null, 0, List.of(partitions));
    }
}
