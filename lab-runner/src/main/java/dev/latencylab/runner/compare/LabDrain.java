package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.latencylab.api.settings.ListenerType;
import java.time.Duration;
import java.time.Instant;

/**
 * The consumer-app draining a backlog: from the processing of its first record to that of its last,
 * on the consumer-app's clock, with its full accounting on (header decoded, histograms, ledger, Micrometer).
 *
 * @param listener record or batch (written as its label)
 * @param lost records the ledger counted as lost (0 expected: the backlog was acknowledged)
 */
record LabDrain(ListenerType listener, long records, Instant firstRead, Instant lastRead, long lost, long duplicated) {

    @JsonProperty("seconds")
    public double seconds() {
        return Math.max(1e-9, Duration.between(firstRead, lastRead).toNanos() / 1e9);
    }

    @JsonProperty("recordsPerSec")
    public double recordsPerSec() {
        return records / seconds();
    }
}
