package dev.latencylab.core.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShareLedgerTest {

    @TempDir
    Path dir;

    @Test
    void offsetsProcessedOutOfOrderLeaveGapsUntilTheHeldOnesArrive() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(1, 100);
        // One member holds 100..199 (its acquisition lock runs), another processes 200..999.
        for (long o = 200; o < 1000; o++) {
            assertThat(ledger.deliver(1, o, 3)).isTrue();
        }
        PartitionLedger waiting = ledger.view().partition(1).orElseThrow();
        assertThat(waiting.highestOffset())
                .as("nothing at or after 100 is processed in order")
                .isEqualTo(99);
        assertThat(waiting.segments()).containsExactly(new OffsetSegment(3, 200, 999, 0, 0, 0));

        for (long o = 199; o >= 100; o--) {
            assertThat(ledger.deliver(1, o, 3)).isTrue();
        }
        LedgerView done = ledger.view();
        assertThat(done.partition(1).orElseThrow().highestOffset()).isEqualTo(999);
        assertThat(done.partition(1).orElseThrow().segments()).containsExactly(new OffsetSegment(3, 100, 999, 0, 0, 0));
        assertThat(done.delivered(3)).isEqualTo(900);
    }

    @Test
    void aRunWithHoldsInsideCountsThemAsGapsUntilProcessed() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 0);
        for (long o = 0; o < 100; o++) {
            if (o % 10 != 5) {
                ledger.deliver(0, o, 2);
            }
        }
        assertThat(ledger.view().partition(0).orElseThrow().segments())
                .containsExactly(new OffsetSegment(2, 0, 99, 0, 0, 10));
        assertThat(ledger.view().partition(0).orElseThrow().highestOffset()).isEqualTo(4);
        assertThat(ledger.view().delivered(2)).isEqualTo(90);
    }

    @Test
    void aRecordProcessedAgainIsARedeliveryWhereverItIsAndBelowTheStartItIsBeforeTheLedger() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 50);
        for (long o = 50; o < 60; o++) {
            ledger.deliver(0, o, 1);
        }
        ledger.deliver(0, 70, 1); // above the watermark, in a slot
        assertThat(ledger.deliver(0, 55, 1)).as("below the watermark").isFalse();
        assertThat(ledger.deliver(0, 70, 1)).as("in its slot").isFalse();
        assertThat(ledger.deliver(0, 40, 1)).as("below the start").isFalse();

        LedgerView view = ledger.view();
        assertThat(view.redelivered(1)).isEqualTo(2);
        assertThat(view.redeliveredBeforeStart()).isEqualTo(1);
        assertThat(view.delivered(1)).isEqualTo(11);
    }

    @Test
    void membersTakingBatchesInAnyOrderWithLockTimeoutsAreCountedExactlyPerPhase() {
        Random random = new Random(42);
        int perPhase = 5_000;
        List<long[]> batches = new ArrayList<>();
        for (long from = 0; from < 3L * perPhase; ) {
            long to = Math.min(3L * perPhase, from + 1 + random.nextInt(200));
            batches.add(new long[] {from, to});
            from = to;
        }
        // Four members process the batches in an order that only roughly follows the log; a tenth of
        // the batches' locks run out and they are processed a second time, by someone else, later.
        List<long[]> order = new ArrayList<>(batches);
        for (long[] b : batches) {
            if (random.nextInt(10) == 0) {
                order.add(b);
            }
        }
        Collections.shuffle(order.subList(0, order.size() / 2), random);
        Collections.shuffle(order.subList(order.size() / 2, order.size()), random);

        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 0);
        Set<Long> processed = new HashSet<>();
        long again = 0;
        for (long[] b : order) {
            for (long o = b[0]; o < b[1]; o++) {
                boolean first = processed.add(o);
                again += first ? 0 : 1;
                assertThat(ledger.deliver(0, o, 1 + (int) (o / perPhase)))
                        .as("offset " + o)
                        .isEqualTo(first);
            }
        }

        LedgerView view = ledger.view();
        assertThat(view.full()).isFalse();
        assertThat(view.partition(0).orElseThrow().highestOffset()).isEqualTo(3L * perPhase - 1);
        for (int phase = 1; phase <= 3; phase++) {
            assertThat(view.delivered(phase)).as("phase " + phase).isEqualTo(perPhase);
        }
        assertThat(view.redelivered(1) + view.redelivered(2) + view.redelivered(3))
                .isEqualTo(again)
                .isPositive();
    }

    @Test
    void aRecordFurtherThanTheWindowAheadOfTheLowestUnprocessedOneIsALimitHitNamed() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 0);
        assertThat(ledger.deliver(0, ShareLedger.WINDOW - 1, 1)).isTrue();
        assertThat(ledger.view().full()).isFalse();

        ledger.deliver(0, ShareLedger.WINDOW, 1);
        assertThat(ledger.view().limitHit())
                .contains("partition 0")
                .contains(ShareLedger.WINDOW + " offsets ahead of its lowest unprocessed one");
    }

    @Test
    void theWindowMovesWithTheWatermarkSoAnyNumberOfRecordsFits() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 0);
        long records = 3L * ShareLedger.WINDOW;
        for (long o = 0; o < records; o += 2) {
            // Pairs processed in reverse: the ring reuses every slot three times.
            assertThat(ledger.deliver(0, o + 1, 1)).isTrue();
            assertThat(ledger.deliver(0, o, 1)).isTrue();
        }
        assertThat(ledger.deliver(0, records - 1, 1)).isFalse();
        assertThat(ledger.deliver(0, 7, 1)).isFalse();
        LedgerView view = ledger.view();
        assertThat(view.full()).isFalse();
        assertThat(view.delivered(1)).isEqualTo(records);
        assertThat(view.partition(0).orElseThrow().highestOffset()).isEqualTo(records - 1);
    }

    @Test
    void segmentsOfStoredPhasesMakeRoomAndUnstoredOnesHitTheLimit() {
        ShareLedger released = ShareLedger.inMemory();
        ShareLedger kept = ShareLedger.inMemory();
        for (int phase = 1; phase <= 3 * ShareLedger.MAX_PARTITIONS / 100; phase++) {
            for (long o = phase * 10L; o < phase * 10L + 10; o++) {
                released.deliver(0, o, phase);
                kept.deliver(0, o, phase);
            }
            released.release(phase);
        }
        assertThat(released.view().full()).isFalse();
        assertThat(released.view().delivered(300)).isEqualTo(10);
        assertThat(released.deliver(0, 15, 1))
                .as("a dropped segment's record is still known")
                .isFalse();
        assertThat(kept.view().limitHit()).contains("more than " + OffsetLedger.SEGMENTS + " offset segments");
    }

    @Test
    void aClearForgetsThePhasesNotTheOffsetsAndAForgottenTopicCountsItsOffsetsAfresh() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 0);
        for (long o = 0; o < 100; o++) {
            ledger.deliver(0, o, 1);
        }
        ledger.deliver(0, 150, 1);
        ledger.clear();
        assertThat(ledger.view().delivered(1)).isZero();
        assertThat(ledger.deliver(0, 50, 2)).as("processed before the clear").isFalse();
        assertThat(ledger.deliver(0, 150, 2))
                .as("in its slot, before the clear")
                .isFalse();

        ledger.forget(); // the topic made anew: its offsets start at 0 again
        assertThat(ledger.view().partition(0).orElseThrow()).isEqualTo(new PartitionLedger(0, 0, -1, List.of()));
        // Share consumers hand in offsets out of order from the first: none is taken for one before the start.
        assertThat(ledger.deliver(0, 7, 3)).isTrue();
        for (long o = 0; o < 200; o++) {
            if (o == 7) {
                continue;
            }
            assertThat(ledger.deliver(0, o, 3))
                    .as("offset " + o + " of the topic made anew")
                    .isTrue();
        }
        assertThat(ledger.view().delivered(3)).isEqualTo(200);
    }

    @Test
    void phasesInterleavedInOnePartitionAndProcessedOutOfOrderAreEachCountedOnce() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 0);
        // Two producers at a phase change: offsets 0, 2, 4 of phase 1 and 1, 3 of phase 2.
        for (long o : new long[] {0, 4, 2, 3, 1}) {
            assertThat(ledger.deliver(0, o, o % 2 == 0 ? 1 : 2)).isTrue();
        }
        assertThat(ledger.view().delivered(1)).isEqualTo(3);
        assertThat(ledger.view().delivered(2)).isEqualTo(2);
        assertThat(ledger.view().partition(0).orElseThrow().highestOffset()).isEqualTo(4);
    }

    @Test
    void aKillBetweenARecordsCountAndItsSlotIsUndoneWhenTheLedgerIsOpenedSoItsSecondDeliveryCountsOnce()
            throws IOException {
        Path file = dir.resolve("share-ledger-kill.bin");
        try (ShareLedger ledger = ShareLedger.open(file)) {
            ledger.startAt(0, 0);
            ledger.deliver(0, 0, 1);
            ledger.deliver(0, 2, 1);
            ledger.deliverKilledBeforeSlot(0, 1, 1);
        }
        try (ShareLedger reopened = ShareLedger.open(file)) {
            assertThat(reopened.view().delivered(1))
                    .as("the half-done count undone")
                    .isEqualTo(2);
            assertThat(reopened.deliver(0, 1, 1))
                    .as("handed out again: its first processing")
                    .isTrue();
            assertThat(reopened.deliver(0, 2, 1)).isFalse();
            assertThat(reopened.view().delivered(1)).isEqualTo(3);
            assertThat(reopened.view().partition(0).orElseThrow().highestOffset())
                    .isEqualTo(2);
        }
    }

    @Test
    void passedOffsetsMoveTheWatermarkAndCountForNoPhase() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.startAt(0, 0);
        ledger.deliver(0, 0, 1);
        ledger.deliver(0, 2, 1);
        assertThat(ledger.view().partition(0).orElseThrow().highestOffset()).isZero();
        ledger.pass(0, 1);
        assertThat(ledger.view().partition(0).orElseThrow().highestOffset()).isEqualTo(2);
        assertThat(ledger.view().delivered(1)).isEqualTo(2);
        assertThat(ledger.processed(0, 1)).isTrue();
        assertThat(ledger.processed(0, 3)).isFalse();
    }

    @Test
    void aReopenedLedgerContinuesAndASecondHolderIsRefusedWithTheReason() throws IOException {
        Path file = dir.resolve("share-ledger-g-t.bin");
        String id;
        try (ShareLedger ledger = ShareLedger.open(file)) {
            ledger.startAt(4, 10);
            ledger.deliver(4, 10, 1);
            ledger.deliver(4, 12, 1);
            id = ledger.id();
            assertThatThrownBy(() -> ShareLedger.open(file))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("in use by another consumer-app instance");
        }
        try (ShareLedger reopened = ShareLedger.open(file)) {
            assertThat(reopened.id()).isEqualTo(id);
            assertThat(reopened.view().partition(4).orElseThrow())
                    .isEqualTo(new PartitionLedger(4, 10, 10, List.of(new OffsetSegment(1, 10, 12, 0, 0, 1))));
            assertThat(reopened.deliver(4, 12, 1)).isFalse();
            assertThat(reopened.deliver(4, 11, 1)).isTrue();
            assertThat(reopened.view().partition(4).orElseThrow().highestOffset())
                    .isEqualTo(12);
        }
    }

    @Test
    void aPartitionBeyondTheLedgerIsALimitHit() {
        ShareLedger ledger = ShareLedger.inMemory();
        ledger.deliver(ShareLedger.MAX_PARTITIONS, 0, 1);
        assertThat(ledger.view().limitHit()).contains("beyond the share ledger's");
    }
}
