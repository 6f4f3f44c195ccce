package dev.latencylab.runner.topics;

import java.util.List;

/**
 * A topic's partitions as the cluster's metadata describes them at one moment.
 *
 * @param minInsync the topic's min.insync.replicas
 */
public record TopicHealth(List<Partition> partitions, int minInsync) {

    public TopicHealth {
        partitions = List.copyOf(partitions);
    }

    /** @param leader the leader's node id, -1 when the partition has none (offline) */
    public record Partition(int partition, int leader, int isr, int replicas) {}

    /** The leader of {@code partition}, -1 when it has none or is not known. */
    public int leader(int partition) {
        return partitions.stream()
                .filter(p -> p.partition() == partition)
                .mapToInt(Partition::leader)
                .findFirst()
                .orElse(-1);
    }

    /** Whether some partition has fewer in-sync replicas than min.insync.replicas (acks=all writes to it fail). */
    public boolean underMinIsr() {
        return partitions.stream().anyMatch(p -> p.isr() < minInsync);
    }

    /** Whether every partition has all its replicas in sync. */
    public boolean isrWhole() {
        return partitions.stream().allMatch(p -> p.isr() == p.replicas());
    }
}
