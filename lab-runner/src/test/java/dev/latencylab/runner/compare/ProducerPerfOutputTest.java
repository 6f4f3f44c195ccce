package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProducerPerfOutputTest {

    @Test
    void readsTheIntervalsOfARealRunNotItsSummaries() {
        ProducerPerfOutput out = ProducerPerfOutput.parse(Resources.text("producer-performance-5s-warmup-records.txt"))
                .orElseThrow();

        assertThat(out.windows())
                .extracting(ProducerPerfOutput.Interval::records)
                .containsExactly(1L, 59925L, 61776L, 68796L);
        assertThat(out.windows().get(1).recordsPerSec()).isEqualTo(11985.0);
        assertThat(out.windows().get(1).seconds()).isCloseTo(5.0, within(0.001));
    }

    @Test
    void measuresOnlyTheIntervalsInsideTheWindowAfterTheWarmup() {
        ProducerPerfOutput out = ProducerPerfOutput.parse(Resources.text("producer-performance-5s-warmup-records.txt"))
                .orElseThrow();

        // Intervals (s): [0, 10) start-up with 1 record, [10, 15), [15, 20), [20, 25): a 10 s window after 10 s takes
        // the middle two.
        ProducerPerfOutput.Measured m =
                out.measure(Duration.ofSeconds(10), Duration.ofSeconds(10)).orElseThrow();

        assertThat(m.windows()).isEqualTo(2);
        assertThat(m.records()).isEqualTo(59925L + 61776L);
        assertThat(m.from()).isCloseTo(10.0, within(0.001));
        assertThat(m.seconds()).isCloseTo(59925 / 11985.0 + 61776 / 12345.3, within(1e-9));
        assertThat(m.recordsPerSec()).isCloseTo(12165, within(1.0));
        assertThat(m.complete()).isTrue();
    }

    @Test
    void measuresTheLabsWindowInARealRunStoppedAtItsPlannedEnd() {
        // scripts/lab compare round 1 on this machine: 48 s run, stopped (no summary), 47 one-second intervals.
        ProducerPerfOutput out = ProducerPerfOutput.parse(Resources.text("producer-performance-1s-stopped.txt"))
                .orElseThrow();

        ProducerPerfOutput.Measured m =
                out.measure(Duration.ofSeconds(10), Duration.ofSeconds(30)).orElseThrow();

        assertThat(out.windows()).hasSize(47);
        assertThat(m.windows()).isEqualTo(30);
        assertThat(m.records()).isEqualTo(1_772_004);
        assertThat(m.from()).isCloseTo(10.14, within(0.01));
        assertThat(m.seconds()).isCloseTo(30.04, within(0.01));
        assertThat(m.recordsPerSec()).isCloseTo(58_986, within(1.0));
        assertThat(m.complete()).isTrue();
    }

    /**
     * Round 2 of run AR on this machine: the new JVM's rate climbed from about 33,000 to 55,000 records/s over its
     * first 25 s. A window after 10 s counts the climb (its second half much faster than its first); one after 10 s
     * more does not.
     */
    @Test
    void aToolStillGettingFasterInsideItsWindowShowsInItsHalves() {
        ProducerPerfOutput out = ProducerPerfOutput.parse(Resources.text("producer-performance-1s-warming.txt"))
                .orElseThrow();

        ProducerPerfOutput.Measured early =
                out.measure(Duration.ofSeconds(10), Duration.ofSeconds(30)).orElseThrow();
        ProducerPerfOutput.Measured late =
                out.measure(Duration.ofSeconds(20), Duration.ofSeconds(20)).orElseThrow();

        // Figures checked by hand from the file's interval lines (first half 10-25 s, second 25-40 s).
        assertThat(early.recordsPerSec()).isCloseTo(49_940, within(1.0));
        assertThat(early.lateRatio()).isCloseTo(1.317, within(0.001)).isGreaterThan(1 + Goals.WARMING);
        assertThat(late.recordsPerSec()).isCloseTo(56_371, within(1.0));
        assertThat(late.lateRatio()).isCloseTo(0.989, within(0.001));
    }

    @Test
    void aToolThatEndsBeforeTheWindowDoesIsFlaggedIncomplete() {
        ProducerPerfOutput out =
                new ProducerPerfOutput(List.of(w(10_000, 10_000), w(20_000, 20_000), w(21_000, 21_000)));

        ProducerPerfOutput.Measured m =
                out.measure(Duration.ofSeconds(1), Duration.ofSeconds(30)).orElseThrow();

        assertThat(m.windows()).isEqualTo(2);
        assertThat(m.records()).isEqualTo(41_000);
        assertThat(m.seconds()).isCloseTo(2.0, within(1e-9));
        assertThat(m.complete()).isFalse();
        assertThat(m.lateRatio())
                .as("the window's halves end at 16 s: both intervals fall in the first, none in the second")
                .isNull();
    }

    @Test
    void noIntervalAfterTheWarmupMeansNothingMeasured() {
        ProducerPerfOutput out = new ProducerPerfOutput(List.of(w(10_000, 10_000), w(20_000, 20_000)));

        assertThat(out.measure(Duration.ofSeconds(5), Duration.ofSeconds(30))).isEmpty();
    }

    @Test
    void anIntervalRunningPastTheWindowIsLeftOut() {
        // 1 s intervals, the 4th closes late (1.6 s): with a 1 s warm-up and a 2 s window only the 2nd and 3rd count.
        ProducerPerfOutput out =
                new ProducerPerfOutput(List.of(w(1000, 1000), w(2000, 2000), w(3000, 3000), w(6400, 4000)));

        ProducerPerfOutput.Measured m =
                out.measure(Duration.ofSeconds(1), Duration.ofSeconds(2)).orElseThrow();

        assertThat(m.records()).isEqualTo(5000);
        assertThat(m.recordsPerSec()).isCloseTo(2500, within(1e-9));
    }

    @Test
    void aRunStoppedBeforeItsEndHasItsIntervals() {
        String stopped =
                "59925 records sent, 11985.0 records/sec (4.57 MB/sec), 7641.1 ms avg latency, 10200.0 ms max latency.\n";

        ProducerPerfOutput out = ProducerPerfOutput.parse(stopped).orElseThrow();

        assertThat(out.windows()).containsExactly(new ProducerPerfOutput.Interval(59925, 11985.0, 4.57));
    }

    @Test
    void anOutputWithoutAnyRateIsNoResult() {
        assertThat(ProducerPerfOutput.parse(
                        "Error: Could not find or load main class org.apache.kafka.tools.ProducerPerformance\n"))
                .isEmpty();
        assertThat(ProducerPerfOutput.parse("")).isEmpty();
    }

    private static ProducerPerfOutput.Interval w(long records, double perSec) {
        return new ProducerPerfOutput.Interval(records, perSec, perSec * 400 / 1_048_576);
    }
}
