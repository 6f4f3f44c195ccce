package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DistanceSectionTest {

    @Test
    void theBoundIsTheBytesInFlightPerConnectionOverTheRoundTrip() {
        PhaseSummary near = delayed("default-rtt-0", 0, 102_400, defaults());
        PhaseSummary far = delayed("default-rtt-100", 100, 102_400, defaults());

        // 5 in flight x 16384 B = 80 KB per connection (under both buffers), 3 leaders, 0.1 s
        assertThat(DistanceSection.bound(far)).isCloseTo(2.4576, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(DistanceSection.bound(near)).isNull();
        assertThat(DistanceSection.reading(List.of(near, far)))
                .contains("default: 0.48 MB/s at 0 ms added, 0.48 MB/s at 100 ms")
                .contains("3 connections x 80 KB in flight per 100 ms round trip bound it to 2.46 MB/s");
        assertThat(DistanceSection.render(List.of(near, far)))
                .contains("| default-rtt-100 | 100 | 100.40 (101.20) |")
                .contains("| 131072 | 102400 | 5 x 16384 | 2.46 |");
    }

    @Test
    void theTableAlignsItsFiguresRightUnderTheirHeader() {
        String md = DistanceSection.render(List.of(
                delayed("default-rtt-0", 0, 102_400, defaults()),
                delayed("default-rtt-100", 100, 102_400, defaults())));

        assertThat(md)
                .startsWith("## Distance\n\nThe producer-app ran in a network namespace behind the lab's delay wire"
                        + " (tun-wire: two TUN devices")
                .contains(
                        "| phase | RTT ms | measured RTT ms p50 (p99) | records/s | MB/s | send buffer | receive buffer"
                                + " | in flight x batch | bound MB/s |\n"
                                + "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                                + "| default-rtt-0 | 0 | 0.40 (1.20) | 1000 | 0.48 | 131072 | 102400 | 5 x 16384 | - |\n");
    }

    @Test
    void aBufferTheKernelTunesLeavesTheInFlightRequestsAsTheOnlyFixedBound() {
        ProducerSettings tuned = new ProducerSettings(50, 262_144, Compression.NONE, -1, 400, KeyStrategy.ORDER_ID)
                .apply(SettingsChange.read(Map.of(
                        "payload",
                        "words",
                        "producerConfig",
                        Map.of(
                                "max.in.flight.requests.per.connection",
                                2,
                                "send.buffer.bytes",
                                -1,
                                "buffer.memory",
                                134_217_728))));
        PhaseSummary far = delayed("tuned-rtt-50", 50, -1, tuned);

        // 2 x 256 KiB per connection, 3 connections, 0.05 s
        assertThat(DistanceSection.bound(far)).isCloseTo(31.46, org.assertj.core.data.Offset.offset(0.01));
        assertThat(DistanceSection.sets(List.of(far))).containsOnlyKeys("tuned");
    }

    @Test
    void aSendBufferThePhaseSetsInItsKafkaPropertiesIsTheBoundWhenItIsTheSmallest() {
        ProducerSettings small =
                defaults().apply(SettingsChange.read(Map.of("producerConfig", Map.of("send.buffer.bytes", "65536"))));
        PhaseSummary far = delayed("small-rtt-100", 100, 102_400, small);

        // min(64 KiB sent, 100 KiB received, 5 x 16 KiB in flight) per connection, 3 connections, 0.1 s
        assertThat(DistanceSection.bound(far)).isCloseTo(1.97, org.assertj.core.data.Offset.offset(0.01));
        assertThat(DistanceSection.render(List.of(far))).contains("| 65536 | 102400 | 5 x 16384 |");
    }

    @Test
    void moreBuffersThanBrokersAreNotCountedForAPartitionMoreThanBrokers() {
        // 6 partitions on 3 brokers: 3 connections of 100 KiB (the receive buffer) each, 300 KiB, under the
        // 6 x 5 x 16 KiB the in-flight batches allow; over 0.1 s 3.07 MB/s, not 6 connections' 6.14.
        PhaseSummary far = delayed("six-rtt-100", 100, 102_400, defaults());
        far = Phases.withDescription(
                far,
                new PhaseDescription(
                        "lab.orders.six",
                        List.of(0, 1, 2, 3, 4, 5),
                        null,
                        List.of(),
                        far.description().network()));

        assertThat(DistanceSection.bound(far)).isCloseTo(3.072, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(DistanceSection.reading(List.of(delayed("six-rtt-0", 0, 102_400, defaults()), far)))
                .contains("3 connections x 100 KB in flight per 100 ms round trip bound it to 3.07 MB/s");
    }

    @Test
    void withoutEveryBrokersFiguresTheConnectionsAreNotCountedBelowThePartitions() {
        // No broker CPU from Prometheus: the brokers are not known, so each partition may have its leader.
        PhaseSummary far = Phases.withDescription(
                Phases.withSettings(Phases.withoutPrometheus("six-rtt-100", 5, 2, 4), defaults()),
                new PhaseDescription(
                        "lab.orders.six",
                        List.of(0, 1, 2, 3, 4, 5),
                        null,
                        List.of(),
                        new PhaseDescription.Network("tun-wire", 100, 0, 0, 102_400, 100.4, 101.2, 100)));

        // min(6 x 100 KiB of buffers, 6 x 5 x 16 KiB in flight) over 0.1 s
        assertThat(DistanceSection.bound(far)).isCloseTo(4.9152, org.assertj.core.data.Offset.offset(1e-9));
    }

    private static ProducerSettings defaults() {
        return new ProducerSettings(5, 16384, Compression.NONE, -1, 400, KeyStrategy.ORDER_ID);
    }

    private static PhaseSummary delayed(String name, double rtt, int receiveBuffer, ProducerSettings settings) {
        PhaseSummary p = Phases.withSettings(Phases.phase(name, 5, 1000, 2, 4, 4, 0.3, 400.0, 1.0, 1000.0), settings);
        return Phases.withDescription(
                p,
                new PhaseDescription(
                        "lab.orders",
                        List.of(0, 1, 2),
                        null,
                        List.of(),
                        new PhaseDescription.Network("tun-wire", rtt, 0, 0, receiveBuffer, rtt + 0.4, rtt + 1.2, 100)));
    }
}
