package dev.latencylab.api.latency;

import java.util.Map;

/**
 * What the consumer reads and how: the part of a phase's description the producer cannot give.
 *
 * @param topics the pattern of the topics it reads (the lab topic and every phase topic named
 *     {@code lab.orders.<something>})
 * @param settings the consumer's effective settings that shape latency (Kafka client names, and
 *     the listener's), as configured or else Kafka's defaults
 */
public record ConsumerDescription(String topics, String groupId, Map<String, String> settings) {

    public ConsumerDescription {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
    }

    /** Whether the consumer reads {@code topic}: a phase's own topic must match the pattern. */
    public boolean reads(String topic) {
        return topics != null && java.util.regex.Pattern.matches(topics, topic);
    }
}
