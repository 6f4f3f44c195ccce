package dev.latencylab.core.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScrapedLatencyTest {

    /** Both writers' kinds: from any thread, from one. */
    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of("any thread", (Supplier<ScrapedLatency>) ScrapedLatency::new),
                Arguments.of("one writer", (Supplier<ScrapedLatency>) ScrapedLatency::oneWriter));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void eachReadHoldsEverythingRecordedSoFarAndTheMaximumSinceTheReadBefore(
            String kind, Supplier<ScrapedLatency> made) {
        ScrapedLatency latency = made.get();
        latency.recordMicros(100);
        latency.recordMicros(2_000);
        LatencyBucketCounts first = latency.read();
        latency.recordMicros(300);
        LatencyBucketCounts second = latency.read();
        LatencyBucketCounts idle = latency.read();

        assertThat(first.count()).isEqualTo(2);
        assertThat(first.sumSeconds()).isCloseTo(0.0021, within(1e-6));
        assertThat(first.recentMaxSeconds()).isEqualTo(0.002);
        assertThat(second.count()).isEqualTo(3);
        assertThat(second.sumSeconds()).isCloseTo(0.0024, within(1e-6));
        assertThat(second.recentMaxSeconds()).isEqualTo(0.0003);
        assertThat(idle.counts()).isEqualTo(second.counts());
        assertThat(idle.recentMaxSeconds()).isZero();
    }

    /** Beyond the histograms' range, a value still counts (in +Inf), as a Micrometer timer's did; below 0, as 0. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void valuesOutOfRangeStillCount(String kind, Supplier<ScrapedLatency> made) {
        ScrapedLatency latency = made.get();
        latency.recordMicros(HistogramPercentiles.HIGHEST_MICROS * 10);
        latency.recordMicros(-5);
        long[] counts = latency.read().counts();

        assertThat(counts[counts.length - 1]).as("+Inf").isEqualTo(1);
        assertThat(counts[0]).as("the first bucket").isEqualTo(1);
    }
}
