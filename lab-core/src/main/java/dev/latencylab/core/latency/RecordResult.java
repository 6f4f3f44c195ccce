package dev.latencylab.core.latency;

import dev.latencylab.core.accounting.SequenceOutcome;

/**
 * What recording one record found, for callers that export it further (Micrometer).
 * Latencies are in microseconds and only meaningful when {@code status} is MEASURED; {@code phase}
 * is the runner's phase id the header carried (0: a warm-up or no named phase).
 */
public record RecordResult(
        Status status, int phase, long latencyMicros, long correctedMicros, SequenceOutcome outcome) {

    public enum Status {
        MEASURED,
        NO_HEADER,
        BAD_HEADER,
        BAD_PAYLOAD
    }

    static RecordResult skipped(Status status) {
        return new RecordResult(status, 0, 0, 0, null);
    }
}
