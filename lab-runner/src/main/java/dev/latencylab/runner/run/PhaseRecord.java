package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.topics.TopicDisk;
import java.time.Duration;
import java.time.Instant;

/**
 * What the runner saw during one phase: when the settings took effect, the measured window
 * (after the warm-up), the producer's sent counter at both ends of it, the consumer's entry for
 * the phase (null if the consumer had none), and the phase's counts once it was closed.
 *
 * @param phaseId the id the measured records carried in their header
 * @param sends what the producer sent in the measured window, null if it could not be read
 * @param counts the phase's counts (null without {@code sends}); final only when {@code fenced}
 * @param fenced whether the consumer group was seen past every offset the producer acknowledged
 *     in the phase, so that nothing of it could still arrive for the first time
 * @param description the topic, partitions and consumer the phase ran on (null if not read)
 * @param disk the phase's own topic on disk after the phase, null when it wrote the lab topic
 */
public record PhaseRecord(
        int index,
        Phase phase,
        int phaseId,
        Instant startedAt,
        Instant measureStart,
        Instant measureEnd,
        long sentAtStart,
        long sentAtEnd,
        PhaseView latency,
        PhaseSends sends,
        PhaseCounts counts,
        boolean fenced,
        PhaseDescription description,
        TopicDisk disk,
        boolean complete) {

    public Duration measured() {
        return Duration.between(measureStart, measureEnd);
    }

    /** Records per second the producer handed to Kafka during the measured window, or null for an empty window. */
    public Double achievedRate() {
        double seconds = measured().toNanos() / 1e9;
        if (seconds <= 0) {
            return null;
        }
        return sends != null ? sends.sent() / seconds : (sentAtEnd - sentAtStart) / seconds;
    }
}
