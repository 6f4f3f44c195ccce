package dev.latencylab.runner.scenario;

import static dev.latencylab.runner.scenario.ScenarioFields.duration;
import static dev.latencylab.runner.scenario.ScenarioFields.unknownFields;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Reads a phase's {@code faults}: the broker and consumer-app kills, stops and restarts it makes
 * under load.
 */
final class FaultStepsReader {

    static final Set<String> FIELDS = Set.of("at", "kill", "stop", "restart");

    private FaultStepsReader() {}

    /**
     * {@code faults: [{at: 20s, kill: leader}, {at: 50s, restart: leader}]}: each step a time inside
     * the measured window and one of kill, stop or restart with a broker ({@code leader}, a node
     * id or {@code kafka-N}) or a consumer-app instance ({@code consumer-N}). Every phase starts
     * with all brokers and instances up, so a restart must follow a kill or stop of the same one in
     * the phase.
     */
    static List<FaultStep> read(JsonNode node, Duration duration, String field, ScenarioProblems problems) {
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            problems.add(field, "must be a list of steps such as {at: 20s, kill: leader}");
            return List.of();
        }
        List<FaultStep> steps = new ArrayList<>();
        java.util.Set<String> down = new java.util.HashSet<>();
        Duration previous = Duration.ZERO;
        int i = 0;
        for (JsonNode step : node) {
            i++;
            String where = field + "[" + i + "]";
            if (!step.isObject()) {
                problems.add(where, "must be a mapping such as {at: 20s, kill: leader}");
                continue;
            }
            unknownFields(step, FIELDS, problems, where);
            Duration at = duration(step.path("at"), true, where + ".at", problems);
            List<FaultStep.Action> actions = java.util.Arrays.stream(FaultStep.Action.values())
                    .filter(a -> step.has(a.label()))
                    .toList();
            if (actions.size() != 1) {
                problems.add(where, "needs exactly one of kill, stop or restart, got " + actions.size());
                continue;
            }
            FaultStep.Action action = actions.get(0);
            JsonNode target = step.path(action.label());
            String broker = target.isIntegralNumber() ? target.asString() : target.isString() ? target.asString() : "";
            if (!FaultStep.validTarget(broker)) {
                problems.add(
                        where + "." + action.label(),
                        "must be leader, a node id, kafka-N or consumer-N (N up to " + FaultStep.MAX_CONSUMERS
                                + "), got '" + (target.isString() ? broker : target) + "'");
                continue;
            }
            String key = FaultStep.consumerInstance(broker)
                    .map(n -> "consumer-" + n)
                    .or(() -> FaultStep.nodeId(broker).map(String::valueOf))
                    .orElse(FaultStep.LEADER);
            if (action.takesDown() && !down.add(key)) {
                problems.add(
                        where,
                        (FaultStep.consumerInstance(broker).isPresent() ? "" : "broker ") + broker
                                + " is already down at that point");
            } else if (!action.takesDown() && !down.remove(key)) {
                problems.add(
                        where,
                        "restart " + broker + " needs an earlier kill or stop of it in the phase"
                                + (FaultStep.consumerInstance(broker).isPresent()
                                        ? " (every phase starts with all consumer-app instances up)"
                                        : ""));
            }
            if (at == null) {
                continue;
            }
            if (duration != null && !FaultStep.insideWindow(at, duration)) {
                problems.add(
                        where + ".at", "must be inside the measured window (under " + Durations.format(duration) + ")");
            } else if (at.compareTo(previous) < 0) {
                problems.add(where + ".at", "steps must be in time order");
            }
            previous = at;
            steps.add(new FaultStep(at, action, broker));
        }
        down.stream()
                .filter(key -> FaultStep.consumerInstance(key).isPresent())
                .sorted()
                .forEach(key -> problems.add(
                        field,
                        key + " is still down when the phase ends: add a restart of it (every phase starts with all"
                                + " consumer-app instances up)"));
        return steps;
    }
}
