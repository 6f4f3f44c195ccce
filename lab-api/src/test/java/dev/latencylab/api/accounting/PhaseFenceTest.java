package dev.latencylab.api.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fence closes a phase only when nothing of it can still arrive: the mutation check's test of it. */
class PhaseFenceTest {

    /** 80 sends, acknowledged up to offset 149 in partition 0 and 229 in partition 1. */
    private static PhaseSends sends(long acked, long failed) {
        return new PhaseSends(
                7,
                "lab.orders",
                80,
                acked,
                failed,
                null,
                List.of(new PartitionAcks(0, 50, 100, 149), new PartitionAcks(1, 30, 200, 229)),
                null,
                null);
    }

    private static LedgerView groupAt(long partition0, long partition1) {
        return new LedgerView(
                "lab.orders",
                null,
                null,
                0,
                List.of(
                        new PartitionLedger(0, 100, partition0, List.of()),
                        new PartitionLedger(1, 200, partition1, List.of())));
    }

    @Test
    void aPhaseSettledAndProcessedExactlyUpToItsLastAcknowledgedOffsetsIsClosed() {
        assertThat(PhaseFence.passed(sends(78, 2), groupAt(149, 229))).isTrue();
        assertThat(PhaseFence.waitingFor(sends(78, 2), groupAt(149, 229))).isEqualTo("nothing");
    }

    @Test
    void aGroupOneOffsetShortInOnePartitionKeepsThePhaseOpen() {
        assertThat(PhaseFence.passed(sends(80, 0), groupAt(149, 228))).isFalse();
        assertThat(PhaseFence.waitingFor(sends(80, 0), groupAt(149, 228)))
                .isEqualTo("partitions behind: 1 (at 228, needs 229)");
    }

    @Test
    void aPartitionTheGroupNeverReadKeepsThePhaseOpen() {
        LedgerView onlyPartition0 =
                new LedgerView("lab.orders", null, null, 0, List.of(new PartitionLedger(0, 100, 149, List.of())));

        assertThat(PhaseFence.passed(sends(80, 0), onlyPartition0)).isFalse();
        assertThat(PhaseFence.waitingFor(sends(80, 0), onlyPartition0))
                .isEqualTo("partitions behind: 1 (at -1, needs 229)");
    }

    @Test
    void sendsStillUnansweredKeepThePhaseOpenThoughTheGroupIsPastEveryOffset() {
        assertThat(PhaseFence.passed(sends(77, 2), groupAt(149, 229))).isFalse();
        assertThat(PhaseFence.waitingFor(sends(77, 2), groupAt(149, 229))).isEqualTo("1 sends unanswered");
    }

    @Test
    void bothWaitsAreSaid() {
        assertThat(PhaseFence.waitingFor(sends(70, 0), groupAt(140, 229)))
                .isEqualTo("10 sends unanswered; partitions behind: 0 (at 140, needs 149)");
    }
}
