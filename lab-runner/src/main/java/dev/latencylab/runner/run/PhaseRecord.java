package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.topics.TopicDisk;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

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
 * @param outage what the phase's fault steps did, null for a phase without any
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
        boolean complete,
        Outage outage) {

    private static final double CLOCK_TOLERANCE_SECONDS = 2;

    public Duration measured() {
        return Duration.between(measureStart, measureEnd);
    }

    /**
     * For a phase that drained a backlog: records the consumer processed (first deliveries, with a
     * latency sample or without one) per second from the resume to the last one processed; null
     * otherwise or without records.
     */
    public Double drainRate() {
        if (!phase.drains() || latency == null || latency.firstArrivals() == 0 || latency.lastReceived() == null) {
            return null;
        }
        double seconds = Duration.between(measureStart, latency.lastReceived()).toNanos() / 1e9;
        return seconds <= 0 ? null : latency.firstArrivals() / seconds;
    }

    /**
     * Where the window's two lengths disagree: the runner's, between two readings of this machine's
     * wall clock, and the producer's own, on its monotonic clock from entering the phase to leaving
     * it. They differ by the milliseconds of two HTTP calls, unless the machine was suspended or its
     * virtual machine paused (the monotonic clock stands still, the wall clock is set forward after)
     * or the wall clock was set during the phase: then the window ended early or late, and the rate
     * and the Prometheus figures are not those of the phase as asked. Empty when they agree within
     * 2 s or a tenth, and where the producer does not tell its time (several instances merged).
     */
    public Optional<String> clockDisagreement() {
        if (sends == null || sends.senderTime() == null) {
            return Optional.empty();
        }
        double runner = measured().toNanos() / 1e9;
        double producer = sends.senderTime().seconds();
        if (Math.abs(runner - producer) <= Math.max(CLOCK_TOLERANCE_SECONDS, runner / 10)) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "phase %s: its window lasted %.1f s by this machine's wall clock but %.1f s by the producer's"
                        + " monotonic clock: the machine was suspended or paused, or its clock was set, during the"
                        + " phase; its rate (%s records sent) and its Prometheus figures are not the phase's as asked",
                phase.name(),
                runner,
                producer,
                sends.sent()));
    }

    /**
     * Records per second the producer handed to Kafka during the measured window, or null for an
     * empty window and for a drain (see {@link #drainRate}).
     */
    public Double achievedRate() {
        if (phase.drains()) {
            return null; // the load stopped before the window: the drain rate is the phase's figure
        }
        double seconds = measured().toNanos() / 1e9;
        if (seconds <= 0) {
            return null;
        }
        return sends != null ? sends.sent() / seconds : (sentAtEnd - sentAtStart) / seconds;
    }
}
