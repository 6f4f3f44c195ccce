package dev.latencylab.runner.compare;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Partitions, replication factor and min.insync.replicas of a topic, read from
 * {@code kafka-topics --describe} ({@code org.apache.kafka.tools.TopicCommand}): the bench topic is
 * created with the lab topic's layout so both producers write to the same shape.
 *
 * @param minInsyncReplicas null when the topic has no override (the broker default applies)
 */
record TopicLayout(int partitions, int replicationFactor, Integer minInsyncReplicas) {

    private static final Pattern HEADER = Pattern.compile(
            "(?m)^Topic: (\\S+)\\s+TopicId: \\S+\\s+PartitionCount: (\\d+)\\s+ReplicationFactor: (\\d+)\\s+Configs: ?(.*)$");
    private static final Pattern MIN_ISR = Pattern.compile("(?:^|,)min\\.insync\\.replicas=(\\d+)");

    /** The layout of {@code topic} in describe output; empty when the output does not describe it. */
    public static Optional<TopicLayout> parse(String describeOutput, String topic) {
        Matcher m = HEADER.matcher(describeOutput);
        while (m.find()) {
            if (!m.group(1).equals(topic)) {
                continue;
            }
            Matcher isr = MIN_ISR.matcher(m.group(4).strip());
            return Optional.of(new TopicLayout(
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)),
                    isr.find() ? Integer.valueOf(isr.group(1)) : null));
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return partitions + " partitions, RF " + replicationFactor
                + (minInsyncReplicas == null ? "" : ", min.insync.replicas " + minInsyncReplicas);
    }
}
