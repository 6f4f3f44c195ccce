package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.Instant;

/**
 * The producer-app's counters at both ends of a measured window. Acknowledged records count, not
 * sent ones: ProducerPerformance counts acknowledgements too, and a record handed to the producer
 * but not yet acknowledged has not been delivered.
 */
record LabThroughput(
        Instant start,
        Instant end,
        long ackedAtStart,
        long ackedAtEnd,
        long sentAtStart,
        long sentAtEnd,
        long failedAtStart,
        long failedAtEnd) {

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
}
