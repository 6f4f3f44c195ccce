package dev.latencylab.core.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.PhaseKey;
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
    private static final PhaseKey KEY = new PhaseKey(5, 16_384, Compression.NONE);
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
        // Each recorder here keeps its own ledger; on a host the instances share one file. The
        // fullest copy is the group's, never a sum that would count an offset twice.
        assertThat(group.ledger("lab.orders").partitions()).singleElement().satisfies(p -> assertThat(p.partition())
                .isZero());
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

    private static LatencyRecorder recorder() {
        return new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory());
    }

    private static void record(LatencyRecorder r, long seq, int partition, long offset, long latencyMicros) {
        long sent = T0 + seq * 1_000;
        byte[] header = LabHeader.encode(new RecordStamp(sent, sent, seq, PRODUCER, KEY, 7));
        r.record(header, JSON, "lab.orders", partition, offset, sent + latencyMicros);
    }
}
