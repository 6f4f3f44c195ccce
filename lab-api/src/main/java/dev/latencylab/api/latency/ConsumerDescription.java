package dev.latencylab.api.latency;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.latencylab.api.settings.ListenerType;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the consumer reads and how: the part of a phase's description the producer cannot give.
 *
 * @param topics the pattern of the topics it reads (the lab topic and every phase topic named
 *     {@code lab.orders.<something>})
 * @param settings the consumer's effective settings that shape latency (Kafka client names, and
 *     the listener's), as configured or else Kafka's defaults
 * @param properties the Kafka properties the phase set beyond the lab's settings ({@code
 *     consumerConfig}); shown only when there are some
 */
public record ConsumerDescription(
        String topics,
        String groupId,
        Map<String, String> settings,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> properties) {

    public ConsumerDescription {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
        properties = properties == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(properties));
    }

    /** A consumer with no Kafka property beyond the lab's settings. */
    public ConsumerDescription(String topics, String groupId, Map<String, String> settings) {
        this(topics, groupId, settings, null);
    }

    /** Whether the consumer reads as a share group (its listener {@code share}), not as a consumer group. */
    public boolean shareGroup() {
        return ListenerType.SHARE.label().equals(settings.get("listener"));
    }

    /** Whether the consumer reads at {@code read_committed}: never given the records of aborted transactions. */
    public boolean readCommitted() {
        String level = properties.getOrDefault("isolation.level", settings.get("isolation.level"));
        // Spring Boot's spelling (read-committed, READ_COMMITTED) or Kafka's.
        return level != null && level.strip().replace('-', '_').equalsIgnoreCase("read_committed");
    }

    /** Whether the consumer reads {@code topic}: a phase's own topic must match the pattern. */
    public boolean reads(String topic) {
        return topics != null && java.util.regex.Pattern.matches(topics, topic);
    }
}
