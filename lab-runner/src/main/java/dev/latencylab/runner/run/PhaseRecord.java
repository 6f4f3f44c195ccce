package dev.latencylab.runner.run;

import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.runner.scenario.Phase;
import java.time.Duration;
import java.time.Instant;

/**
 * What the runner saw during one phase: when the settings took effect, the measured window
 * (after the warm-up), the producer's sent counter at both ends of it, and the consumer's entry
 * for the phase's settings (null if the consumer had none).
 */
public record PhaseRecord(
        int index,
        Phase phase,
        Instant startedAt,
        Instant measureStart,
        Instant measureEnd,
        long sentAtStart,
        long sentAtEnd,
        PhaseView latency,
        boolean complete) {

    public Duration measured() {
        return Duration.between(measureStart, measureEnd);
    }

    /** Records per second the producer handed to Kafka during the measured window, or null for an empty window. */
    public Double achievedRate() {
        double seconds = measured().toNanos() / 1e9;
        return seconds > 0 ? (sentAtEnd - sentAtStart) / seconds : null;
    }
}
