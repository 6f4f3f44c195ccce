package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.Instant;

/**
 * The producer-app's counters at both ends of a measured window. Acknowledged records count, not
 * sent ones: ProducerPerformance counts acknowledgements too, and a record handed to the producer
 * but not yet acknowledged has not been delivered.
 *
 * @param half when the acked counter was read halfway through the window (null: not read)
 * @param ackedAtHalf the acked counter then
 */
record LabThroughput(
        Instant start,
        Instant end,
        long ackedAtStart,
        long ackedAtEnd,
        long sentAtStart,
        long sentAtEnd,
        long failedAtStart,
        long failedAtEnd,
        Instant half,
        long ackedAtHalf) {

    @JsonProperty("seconds")
    public double seconds() {
        return Duration.between(start, end).toNanos() / 1e9;
    }

    @JsonProperty("ackedPerSec")
    public double ackedPerSec() {
        return (ackedAtEnd - ackedAtStart) / seconds();
    }

    @JsonProperty("sentPerSec")
    public double sentPerSec() {
        return (sentAtEnd - sentAtStart) / seconds();
    }

    @JsonProperty("failed")
    public long failed() {
        return failedAtEnd - failedAtStart;
    }

    /**
     * The acked rate of the window's second half over its first half's: well above 1, the sender was
     * still getting faster inside the window (its warm-up too short). Null when the halfway count is missing.
     */
    @JsonProperty("lateRatio")
    public Double lateRatio() {
        if (half == null) {
            return null;
        }
        return Halves.ratio(
                ackedAtHalf - ackedAtStart,
                Duration.between(start, half),
                ackedAtEnd - ackedAtHalf,
                Duration.between(half, end));
    }
}
