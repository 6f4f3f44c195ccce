package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
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

    @Test
    void aProducerThatSentOnlyRecordsWithoutTheHeaderIsDrainedForAConsumerThatNeverSawIt() {
        assertThat(Drained.check(consumer(), producer(250_000, -1))).isTrue();
    }

    @Test
    void aProducerWhoseStampedRecordsTheConsumerHasNotSeenYetIsNotDrained() {
        assertThat(Drained.check(consumer(), producer(10, 9))).isFalse();
        assertThat(Drained.check(consumer(track(5)), producer(10, 9))).isFalse();
    }

    @Test
    void recordsWithoutTheHeaderAfterTheLastStampedOneAreNotWaitedFor() {
        // 10 stamped records, all read, then 250,000 without the header to a topic the consumer does not read.
        assertThat(Drained.check(consumer(track(9)), producer(250_010, 9))).isTrue();
    }

    private static LatencyView consumer(ProducerTrack... tracks) {
        return new LatencyView(List.of(), NOTHING_PENDING, List.of(tracks), List.of());
    }

    private static ProducerTrack track(long highestSequence) {
        return new ProducerTrack(PRODUCER, 0, highestSequence, highestSequence + 1, 0, 0, 0, 0, 0, 0, 0);
    }

    private static ProducerStatus producer(long sent, long lastSequence) {
        return new ProducerStatus(
                PRODUCER,
                "lab.orders",
                false,
                1,
                new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID),
                0,
                null,
                new SenderCounters(sent, sent, 0, lastSequence),
                List.of(),
                true,
                null);
    }
}
