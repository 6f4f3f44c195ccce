package dev.latencylab.runner.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.SlowRecords;
import java.time.Instant;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FaultWatchEpisodesTest {

    /** Seconds from the epoch: the watch's origin at 0. */
    private static double seconds(Instant t) {
        return t.toEpochMilli() / 1000.0;
    }

    @Test
    void episodesStartAtTheFirstDelayedSendAndEndAtTheLastNotAtTheirTenthsEdges() {
        TreeMap<Long, Long> perTenth = new TreeMap<>();
        perTenth.put(1_000L, 5L);
        perTenth.put(1_100L, 3L);
        perTenth.put(3_000L, 2L);
        SlowRecords slow = new SlowRecords(
                200,
                10,
                Instant.ofEpochMilli(1_040),
                Instant.ofEpochMilli(3_050),
                Instant.ofEpochMilli(3_400),
                900.0,
                perTenth);

        assertThat(FaultWatch.episodes(slow, FaultWatchEpisodesTest::seconds))
                .containsExactly(new Outage.Episode(1.04, 1.2, 8), new Outage.Episode(3.0, 3.05, 2));
    }

    @Test
    void oneTenthIsOneEpisodeFromTheFirstSendToTheLast() {
        TreeMap<Long, Long> perTenth = new TreeMap<>();
        perTenth.put(500L, 1L);
        SlowRecords slow = new SlowRecords(
                200,
                1,
                Instant.ofEpochMilli(530),
                Instant.ofEpochMilli(530),
                Instant.ofEpochMilli(900),
                400.0,
                perTenth);

        assertThat(FaultWatch.episodes(slow, FaultWatchEpisodesTest::seconds))
                .containsExactly(new Outage.Episode(0.53, 0.53, 1));
        assertThat(FaultWatch.episodes(null, FaultWatchEpisodesTest::seconds)).isEmpty();
    }
}
