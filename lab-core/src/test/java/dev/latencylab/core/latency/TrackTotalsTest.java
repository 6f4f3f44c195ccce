package dev.latencylab.core.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TrackTotalsTest {

    private static final Totals.Skipped SKIPPED = new Totals.Skipped(1, 2, 3, 4);

    @Test
    void everyTracksCountsAreSummedWithTheRecordsBeforeTheStartCountedReceived() {
        ProducerTrack a = new ProducerTrack(UUID.randomUUID(), 0, 99, 100, 1, 2, 3, 4, 5, 6, 7);
        ProducerTrack b = new ProducerTrack(UUID.randomUUID(), 10, 59, 50, 10, 20, 30, 40, 50, 60, 70);

        assertThat(TrackTotals.of(List.of(a, b), 8, SKIPPED, 9))
                .isEqualTo(new Totals(216, 22, 33, 11, 44, 8, 55, SKIPPED, 9));
    }

    @Test
    void noTracksGiveZeroCountsBesideWhatNoTrackHolds() {
        assertThat(TrackTotals.of(List.of(), 8, SKIPPED, 9)).isEqualTo(new Totals(0, 0, 0, 0, 0, 8, 0, SKIPPED, 9));
    }
}
