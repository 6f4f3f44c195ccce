package dev.latencylab.runner.run;

import dev.latencylab.api.latency.ConsumerDescription;
import java.util.List;

/**
 * What a phase ran on besides the producer settings: the topic, the partitions its records were
 * written to, and the consumer's side (group and the settings that shape latency), as the apps
 * reported them when the phase was closed.
 */
public record PhaseDescription(String topic, List<Integer> partitions, ConsumerDescription consumer) {

    public PhaseDescription {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }
}
