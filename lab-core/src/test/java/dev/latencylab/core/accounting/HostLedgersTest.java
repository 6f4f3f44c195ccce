package dev.latencylab.core.accounting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostLedgersTest {

    @Test
    void aPartitionThatMovedToAnotherHostIsCountedOnceWithTheReReadAsRedelivered() {
        // Host A read offsets 0..99, then the partition moved; host B resumed from the last commit, 90.
        LedgerView a = ledger("a", new PartitionLedger(0, 0, 99, List.of(new OffsetSegment(7, 0, 99, 0))));
        LedgerView b = ledger("b", new PartitionLedger(0, 90, 199, List.of(new OffsetSegment(7, 90, 199, 0))));

        LedgerView group = HostLedgers.merge(List.of(a, b));

        assertThat(group.delivered(7)).isEqualTo(200);
        assertThat(group.redelivered(7)).isEqualTo(10);
        assertThat(group.partition(0).orElseThrow().highestOffset()).isEqualTo(199);
        assertThat(group.ledgerId()).isEqualTo("a+b");
    }

    @Test
    void offsetsNoHostReadLeaveTheHighestProcessedOffsetBelowThem() {
        LedgerView a = ledger("a", new PartitionLedger(0, 0, 99, List.of(new OffsetSegment(7, 0, 99, 0))));
        LedgerView b = ledger("b", new PartitionLedger(0, 150, 199, List.of(new OffsetSegment(7, 150, 199, 0))));

        LedgerView group = HostLedgers.merge(List.of(b, a));

        assertThat(group.partition(0).orElseThrow().highestOffset()).isEqualTo(99);
        assertThat(group.delivered(7)).isEqualTo(150);
    }

    @Test
    void aPartitionThatMovedToAnotherHostAtATransactionsMarkerReadsOnWithoutAHole() {
        // Host A read offsets 0..99; 100 is the marker of the transaction 99 ended, where A committed. Host B
        // resumed there and was given 101 first: its ledger starts where its reading began.
        OffsetLedger a = OffsetLedger.inMemory();
        for (long o = 0; o < 100; o++) {
            a.deliver(0, o, 7);
        }
        OffsetLedger b = OffsetLedger.inMemory();
        b.readsFrom(0, 100);
        for (long o = 101; o < 200; o++) {
            b.deliver(0, o, 7);
        }

        LedgerView group = HostLedgers.merge(List.of(a.view(), b.view()));

        assertThat(group.partition(0).orElseThrow().highestOffset()).isEqualTo(199);
        assertThat(group.delivered(7)).isEqualTo(199);
        assertThat(group.redelivered(7)).isZero();
    }

    @Test
    void aReReadWhoseSegmentHoldsGapsIsRefusedNotGuessed() {
        LedgerView a = ledger("a", new PartitionLedger(0, 0, 99, List.of(new OffsetSegment(7, 0, 99, 0))));
        LedgerView b = ledger("b", new PartitionLedger(0, 90, 199, List.of(new OffsetSegment(7, 90, 199, 0, 0, 3))));

        assertThatThrownBy(() -> HostLedgers.merge(List.of(a, b)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("partition 0 of lab.orders was read on two hosts over offsets 90 to 99");
    }

    @Test
    void aSegmentReadWhollyAgainAddsItsRecordsToTheRedeliveredOfTheFirstRead() {
        LedgerView a = ledger("a", new PartitionLedger(0, 0, 99, List.of(new OffsetSegment(7, 0, 99, 0))));
        LedgerView b = ledger("b", new PartitionLedger(0, 50, 59, List.of(new OffsetSegment(7, 50, 59, 2))));

        LedgerView group = HostLedgers.merge(List.of(a, b));

        assertThat(group.delivered(7)).isEqualTo(100);
        assertThat(group.redelivered(7)).isEqualTo(12);
    }

    private static LedgerView ledger(String id, PartitionLedger partition) {
        return new LedgerView("lab.orders", id, null, 0, List.of(partition));
    }
}
