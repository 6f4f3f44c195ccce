package dev.latencylab.runner.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Map;

/**
 * The topic a phase writes. With a layout ({@code partitions} given) the runner creates it before
 * the phase and deletes it afterwards unless {@code keep}; with a name alone the topic must exist.
 * The consumer reads topics named {@code lab.orders} or {@code lab.orders.<something>}.
 *
 * @param replicationFactor null: the lab topic's 3
 * @param minInsyncReplicas null: the lab topic's 2 (min.insync.replicas)
 * @param configs further topic configs (Kafka's names), e.g. segment.bytes
 */
public record TopicSpec(
        String name,
        Integer partitions,
        Short replicationFactor,
        Integer minInsyncReplicas,
        Map<String, String> configs,
        boolean keep) {

    /**
     * The start of every topic name the lab writes, creates or deletes, as the producer-app's own
     * rule ({@code lab.producer.topic-prefix}): on a shared cluster any other name may be someone's.
     */
    public static final String LAB_PREFIX = "lab.";

    /** Why a name outside {@link #LAB_PREFIX} is refused, in the words every check uses. */
    public static final String LAB_ONLY = "the lab writes, creates and deletes only topics named lab.*";

    public static final short DEFAULT_REPLICATION_FACTOR = 3;
    public static final int DEFAULT_MIN_INSYNC_REPLICAS = 2;

    /** A topic the runner does not create it never deletes: one named alone is always kept. */
    public TopicSpec {
        configs = configs == null ? Map.of() : Map.copyOf(configs);
        keep = keep || partitions == null;
    }

    /** Whether {@code name} is one the lab may write, create and delete. */
    public static boolean labs(String name) {
        return name.startsWith(LAB_PREFIX);
    }

    /** An existing topic, by name (a scenario's {@code topic: lab.orders.mine}). */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static TopicSpec existing(String name) {
        return new TopicSpec(name, null, null, null, Map.of(), true);
    }

    /** Whether the runner creates this topic (and, unless kept, deletes it after the phase). */
    public boolean created() {
        return partitions != null;
    }

    public short replicationFactorOrDefault() {
        return replicationFactor != null ? replicationFactor : DEFAULT_REPLICATION_FACTOR;
    }

    public int minInsyncReplicasOrDefault() {
        return minInsyncReplicas != null ? minInsyncReplicas : DEFAULT_MIN_INSYNC_REPLICAS;
    }

    /** The spec for a phase: {@code {phase}} in the name becomes the phase's name. */
    public TopicSpec forPhase(String phaseName) {
        return new TopicSpec(
                name.replace("{phase}", phaseName), partitions, replicationFactor, minInsyncReplicas, configs, keep);
    }
}
