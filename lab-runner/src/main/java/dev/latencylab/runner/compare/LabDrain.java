package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.Instant;

/**
 * The consumer-app draining a backlog: from its resume to the processing of the backlog's last
 * record, with its full accounting on (header decoded, histograms, ledger, Micrometer).
 *
 * @param listener record or batch
 * @param lost records the ledger counted as lost (0 expected: the backlog was acknowledged)
 */
record LabDrain(String listener, long records, Instant resumed, Instant lastRead, long lost, long duplicated) {

    @JsonProperty("seconds")
    public double seconds() {
        return Math.max(1e-9, Duration.between(resumed, lastRead).toNanos() / 1e9);
    }

    @JsonProperty("recordsPerSec")
    public double recordsPerSec() {
        return records / seconds();
    }
}
