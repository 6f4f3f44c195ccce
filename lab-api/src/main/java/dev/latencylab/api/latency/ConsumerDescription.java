package dev.latencylab.api.latency;

import java.util.Map;

/**
 * What the consumer reads and how: the part of a phase's description the producer cannot give.
 *
 * @param settings the consumer's effective settings that shape latency (Kafka client names, and
 *     the listener's), as configured or else Kafka's defaults
 */
public record ConsumerDescription(String topic, String groupId, Map<String, String> settings) {

    public ConsumerDescription {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
    }
}
