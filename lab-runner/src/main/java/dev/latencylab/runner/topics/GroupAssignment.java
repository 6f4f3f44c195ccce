package dev.latencylab.runner.topics;

import java.util.Map;

/**
 * A consumer group as its coordinator describes it at one moment, for one topic.
 *
 * @param type the rebalance protocol the group runs ({@code classic} or {@code consumer})
 * @param state the group's state ({@code stable}, {@code preparingrebalance}, {@code reconciling}...)
 * @param members how many members the coordinator holds (a killed one until its session expires)
 * @param owners each of the topic's assigned partitions to the member id that holds it
 */
public record GroupAssignment(String type, String state, int members, Map<Integer, String> owners) {

    public GroupAssignment {
        owners = Map.copyOf(owners);
    }

    public boolean stable() {
        return "stable".equals(state);
    }
}
