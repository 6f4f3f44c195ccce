package dev.latencylab.runner.run;

import dev.latencylab.api.latency.ConsumerDescription;
import java.util.List;

/**
 * What a phase ran on besides the producer settings: the topic, the partitions its records were
 * written to, and the consumer's side (group and the settings that shape latency), as the apps
 * reported them when the phase was closed.
 *
 * @param instances each consumer-app instance of the group: its share of the phase's records and
 *     the partitions of the topic it held at the close
 */
public record PhaseDescription(
        String topic, List<Integer> partitions, ConsumerDescription consumer, List<ConsumerInstance> instances) {

    public PhaseDescription {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
        instances = instances == null ? List.of() : List.copyOf(instances);
    }

    public PhaseDescription(String topic, List<Integer> partitions, ConsumerDescription consumer) {
        this(topic, partitions, consumer, List.of());
    }

    /**
     * One consumer-app instance's part of a phase.
     *
     * @param instance its URL
     * @param received the phase's records it measured (first deliveries)
     * @param partitions the partitions of the phase's topic it held when the phase was closed
     */
    public record ConsumerInstance(String instance, long received, List<Integer> partitions) {

        public ConsumerInstance {
            partitions = partitions == null ? List.of() : List.copyOf(partitions);
        }
    }
}
