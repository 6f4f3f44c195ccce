package dev.latencylab.core.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.core.accounting.OffsetLedger;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class GroupViewTest {

    private static final UUID PRODUCER = UUID.randomUUID();
    private static final byte[] JSON = "{\"orderId\":\"x\"}".getBytes(StandardCharsets.US_ASCII);
    private static final long T0 = 1_763_769_600_000_000L;

    /**
     * Two instances, one fast (1 ms for 900 records), one slow (100 ms for 100): the group's p95 is
     * in the slow instance's range, which neither an average nor a max of the instances' p95 gives.
     */
    @Test
    void percentilesOfTheGroupComeFromTheSumOfTheInstancesHistograms() {
        LatencyRecorder fast = recorder();
        LatencyRecorder slow = recorder();
        for (int i = 0; i < 900; i++) {
            record(fast, i, 0, i, 1_000);
        }
        for (int i = 900; i < 1_000; i++) {
            record(slow, i, 1, i - 900, 100_000);
        }
        LatencyView group = GroupView.merge(List.of(
                fast.report(true).withConsumer(null, Map.of("lab.orders", List.of(0))),
                slow.report(true).withConsumer(null, Map.of("lab.orders", List.of(1)))));

        PhaseView phase = group.phases().get(0);
        assertThat(group.phases()).hasSize(1);
        assertThat(phase.count()).isEqualTo(1_000);
        assertThat(phase.latencyMs().p50()).isCloseTo(1.0, offset(0.01));
        assertThat(phase.latencyMs().p95()).isCloseTo(100.0, offset(0.1));
        assertThat(phase.latencyMs().p90()).isCloseTo(1.0, offset(0.01));
        assertThat(group.totals().received()).isEqualTo(1_000);
        assertThat(group.assigned()).containsEntry("lab.orders", List.of(0, 1));
        // The instances share one ledger: one copy is the group's, never a sum that would count an
        // offset twice.
        assertThat(group.ledger("lab.orders").delivered(7)).isEqualTo(1_000);
    }

    @Test
    void instancesOnTwoHostsEachWithItsOwnLedgerCountTheGroupsPartitionsTogether() {
        LatencyRecorder a = new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory());
        LatencyRecorder b = new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory());
        for (int i = 0; i < 500; i++) {
            record(a, i, 0, i, 1_000);
            record(b, 500 + i, 1, i, 1_000);
        }

        LatencyView group = GroupView.merge(List.of(a.report(true), b.report(true)));

        assertThat(group.ledger("lab.orders").delivered(7)).isEqualTo(1_000);
        assertThat(group.ledger("lab.orders").partitions())
                .extracting(p -> p.partition() + ":" + p.highestOffset())
                .containsExactly("0:499", "1:499");
        assertThat(group.ledger("lab.orders").ledgerId()).contains("+");
    }

    /**
     * Every counter of the totals and of a producer's track is the instances' sum, each field its own:
     * distinct figures per field, so a field summed into another's place or left out shows.
     */
    @Test
    void everyCounterOfTheTotalsAndOfAProducersTrackIsTheSumOfTheInstances() {
        UUID other = UUID.randomUUID();
        LatencyView a = new LatencyView(
                List.of(),
                new Totals(1, 2, 3, 4, 5, 6, 7, new Totals.Skipped(8, 9, 10, 11), 12),
                List.of(new ProducerTrack(PRODUCER, 5, 90, 1, 2, 3, 4, 5, 6, 7, 8)),
                List.of());
        LatencyView b = new LatencyView(
                List.of(),
                new Totals(100, 200, 300, 400, 500, 600, 700, new Totals.Skipped(800, 900, 1000, 1100), 1200),
                List.of(
                        new ProducerTrack(other, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1),
                        new ProducerTrack(PRODUCER, 7, 80, 100, 200, 300, 400, 500, 600, 700, 800)),
                List.of());
        LatencyView noTotals = new LatencyView(List.of(), null, List.of(), List.of());

        LatencyView group = GroupView.merge(List.of(a, noTotals, b));

        Totals.Skipped skipped = new Totals.Skipped(808, 909, 1010, 1111);
        assertThat(group.totals()).isEqualTo(new Totals(101, 202, 303, 404, 505, 606, 707, skipped, 1212));
        assertThat(group.producers())
                .containsExactly(
                        new ProducerTrack(PRODUCER, 5, 90, 101, 202, 303, 404, 505, 606, 707, 808),
                        new ProducerTrack(other, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1));
        assertThat(GroupView.merge(List.of(noTotals, noTotals)).totals()).isNull();
    }

    /**
     * A slow and a fast instance read one after the other while records flow: once every record of
     * the phase is processed, the group's count equals what the ledger says the phase received.
     */
    @Test
    void aPhaseReadAfterItsRecordsAreAllProcessedHasAsManySamplesAsRecordsReceived() {
        LatencyRecorder fast = recorder();
        LatencyRecorder slow = recorder();
        for (int i = 0; i < 500; i++) {
            record(fast, 2 * i, 0, i, 1_000);
        }
        LatencyView earlyFast = fast.report(true);
        for (int i = 0; i < 500; i++) {
            record(slow, 2 * i + 1, 1, i, 90_000);
        }
        LatencyView during = GroupView.merge(List.of(earlyFast, slow.report(true)));
        assertThat(during.phases().get(0).count()).isEqualTo(1_000);

        LatencyView after = GroupView.merge(List.of(fast.report(true), slow.report(true)));
        assertThat(after.phases().get(0).count())
                .isEqualTo(after.ledger("lab.orders").delivered(7))
                .isEqualTo(1_000);
    }

    @Test
    void oneInstanceIsItsOwnViewAndSeveralWithoutHistogramsAreRefused() {
        LatencyRecorder a = recorder();
        LatencyRecorder b = recorder();
        record(a, 0, 0, 0, 1_000);
        record(b, 1, 1, 0, 1_000);
        LatencyView alone = a.report();
        assertThat(GroupView.merge(List.of(alone))).isSameAs(alone);
        assertThatThrownBy(() -> GroupView.merge(List.of(a.report(), b.report())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("histograms=true");
    }

    /** The group's instances on one host share one ledger file; here one in-memory ledger. */
    private final OffsetLedger sharedLedger = OffsetLedger.inMemory();

    private LatencyRecorder recorder() {
        return new LatencyRecorder(Duration.ofSeconds(5), new OffsetLedgers(topic -> sharedLedger));
    }

    private static void record(LatencyRecorder r, long seq, int partition, long offset, long latencyMicros) {
        long sent = T0 + seq * 1_000;
        byte[] header = LabHeader.encode(new RecordStamp(sent, sent, seq, PRODUCER, 7));
        r.record(header, JSON, "lab.orders", partition, offset, sent + latencyMicros);
    }
}
