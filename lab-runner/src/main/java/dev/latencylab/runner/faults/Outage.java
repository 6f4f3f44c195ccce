package dev.latencylab.runner.faults;

import java.util.List;

/**
 * What a phase's faults did, seen from the records, the producer and the cluster's metadata. Times
 * are seconds from the first fault step; a figure that could not be seen is null.
 *
 * @param steps the fault steps as carried out
 * @param thresholdMs the phase's slowest record (corrected e2e) before the first fault: a record
 *     slower than that after it counts as delayed; null when no record of the phase had been consumed
 *     and timed by then (no baseline: every record after the first fault counts as delayed)
 * @param delayed records slower than {@code thresholdMs} after the first fault (first deliveries); null
 *     when the consumer group's count of them could not be read (no latency figures of the phase)
 * @param windowFrom the intended send time of the first delayed record
 * @param windowTo when the last delayed record was consumed
 * @param maxE2eMs the slowest delayed record (corrected e2e)
 * @param episodes the delayed records grouped by intended send time: a gap of more than {@link
 *     #EPISODE_GAP_SECONDS} without any starts a new episode, so a failover's stall and a later
 *     stray slow record are told apart
 * @param producer the producer's view: its retries and errors while the watch ran
 * @param cluster the cluster's view: leaders and in-sync replicas of the phase's topic
 * @param group the consumer group's view, when the phase acted on consumer-app instances (else null)
 * @param sampleEverySeconds how often the producer and the metadata were read
 */
public record Outage(
        List<FaultStepTaken> steps,
        Double thresholdMs,
        Long delayed,
        Double windowFrom,
        Double windowTo,
        Double maxE2eMs,
        List<Episode> episodes,
        ProducerView producer,
        ClusterView cluster,
        GroupChurn group,
        double sampleEverySeconds) {

    public static final double EPISODE_GAP_SECONDS = 1.0;

    public Outage {
        steps = List.copyOf(steps);
        episodes = episodes == null ? List.of() : List.copyOf(episodes);
    }

    /**
     * Delayed records sent close together.
     *
     * @param from the start of the first tenth of a second with any (intended send time); the first
     *     episode's, the first delayed record's send
     * @param to the end of the last such tenth; the last episode's, the last delayed record's send
     */
    public record Episode(double from, double to, long records) {}

    /** The episode with the most delayed records, if any. */
    public java.util.Optional<Episode> main() {
        return episodes.stream().max(java.util.Comparator.comparingLong(Episode::records));
    }

    /**
     * The samples that did not answer, in words ("the topic's metadata in 3 of 40 samples, ..."), or
     * empty when every one did: the figures of the faults span only those that answered.
     */
    public java.util.Optional<String> unanswered() {
        List<String> parts = new java.util.ArrayList<>();
        if (cluster.failedSamples() > 0) {
            parts.add("the topic's metadata in " + cluster.failedSamples() + " of " + cluster.samples() + " samples");
        }
        if (producer.failedSamples() != null && producer.failedSamples() > 0) {
            parts.add("the producer-app in " + producer.failedSamples() + " of " + cluster.samples());
        }
        if (group != null && group.failedSamples() > 0) {
            parts.add("the group's coordinator in " + group.failedSamples() + " of " + group.samples());
        }
        return parts.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join(", ", parts));
    }

    /** Whether a step restarted a broker (only then is the time until the ISR was whole a figure). */
    public boolean restartedABroker() {
        return steps.stream().anyMatch(s -> s.consumer() == null && "restart".equals(s.action()));
    }

    /** The outage window: from the first delayed record's intended send to the last one's consumption. */
    public Double windowSeconds() {
        return windowFrom == null || windowTo == null ? null : windowTo - windowFrom;
    }

    /**
     * @param at seconds from the start of the measured window
     * @param broker the node id it was done to; 0 for a consumer-app step
     * @param consumer the consumer-app instance it was done to (from 1); null for a broker step
     * @param held the partitions of the phase's topic that consumer-app instance said it held just
     *     before it was stopped or killed; null for a broker step or a start
     * @param tookSeconds how long the action took (a restart: until the process was started; a
     *     consumer-app's: until it answered)
     * @param error why it failed, null when it was done
     */
    public record FaultStepTaken(
            double at,
            String action,
            int broker,
            Integer consumer,
            java.util.List<Integer> held,
            double tookSeconds,
            String error) {

        /** What it was done to: {@code kafka-2} or {@code consumer-app 3}. */
        public String target() {
            return consumer == null ? "kafka-" + broker : "consumer-app " + consumer;
        }
    }

    /**
     * @param retries batches the producer sent again while the watch ran
     * @param errors records the producer's client gave up on
     * @param failed records whose send failed for good in the app (never acknowledged)
     * @param from first sample whose retries or errors had grown, null when none grew
     * @param to last such sample
     * @param failedSamples samples in which the producer-app did not answer (null from a runner before
     *     they were counted): its figures span the samples that did
     */
    public record ProducerView(Long retries, Long errors, Long failed, Double from, Double to, Integer failedSamples) {}

    /**
     * @param leaderChanges partition leader changes seen (a partition left without a leader counts)
     * @param offlineSeconds time some partition of the topic had no leader
     * @param underMinIsrSeconds time some partition had fewer in-sync replicas than min.insync.replicas
     * @param isrWholeAfterRestart seconds from the last restart until every partition had all its
     *     replicas in sync again; null when not seen before the phase was closed
     * @param minInsync the topic's min.insync.replicas
     * @param samples the metadata samples asked for
     * @param failedSamples of which failed or timed out: a time in a gap is charged to the next answer
     */
    public record ClusterView(
            int leaderChanges,
            double offlineSeconds,
            double underMinIsrSeconds,
            Double isrWholeAfterRestart,
            int minInsync,
            int samples,
            int failedSamples) {}
}
