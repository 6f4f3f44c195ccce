package dev.latencylab.core.latency;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LatencyBucketsTest {

    private final Duration[] buckets = LatencyBuckets.boundaries();

    @Test
    void runFromFiftyMicrosecondsToAMinuteInStrictlyRisingSteps() {
        assertThat(buckets[0]).isEqualTo(Duration.ofNanos(50_000));
        assertThat(buckets[buckets.length - 1]).isEqualTo(Duration.ofSeconds(60));
        for (int i = 1; i < buckets.length; i++) {
            assertThat(buckets[i]).as("boundary %d", i).isGreaterThan(buckets[i - 1]);
        }
        assertThat(buckets).hasSize(98);
    }

    @Test
    void aMedianNearOneMillisecondIsReadWithinFivePercent() {
        // Linear interpolation stays inside the bucket holding the true value, so the error is at
        // most that bucket's width relative to its lower bound.
        for (int i = 1; i < buckets.length; i++) {
            double lower = buckets[i - 1].toNanos();
            double upper = buckets[i].toNanos();
            if (lower >= 500_000 && upper <= 20_000_000) {
                assertThat(upper / lower)
                        .as("bucket %s..%s", buckets[i - 1], buckets[i])
                        .isLessThanOrEqualTo(1.0505); // 5 %, and the 100 ns rounding
            }
        }
        assertThat(buckets).anyMatch(b -> b.toNanos() > 950_000 && b.toNanos() < 1_000_000);
    }
}
