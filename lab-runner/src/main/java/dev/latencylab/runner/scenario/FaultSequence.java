package dev.latencylab.runner.scenario;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules a phase's fault steps are held to as a sequence, which the schema cannot say: each
 * inside the measured window and in time order; nothing taken down twice; a restart after a kill
 * or stop of the same one; and none left down at its end (every phase starts with all consumer-app
 * instances and brokers up).
 */
final class FaultSequence {

    private FaultSequence() {}

    static void check(List<TimedFault> steps, Duration window, String field, ScenarioProblems problems) {
        Set<String> down = new HashSet<>();
        Duration previous = Duration.ZERO;
        for (int i = 0; i < steps.size(); i++) {
            TimedFault step = steps.get(i);
            String where = field + "[" + (i + 1) + "]";
            boolean consumer = step.onConsumer();
            String key = TimedFault.consumerInstance(step.target())
                    .map(n -> "consumer-" + n)
                    .or(() -> TimedFault.nodeId(step.target()).map(String::valueOf))
                    .orElse(TimedFault.LEADER);
            if (step.action().takesDown() && !down.add(key)) {
                problems.add(where, (consumer ? "" : "broker ") + step.target() + " is already down at that point");
            } else if (!step.action().takesDown() && !down.remove(key)) {
                problems.add(
                        where,
                        "restart " + step.target() + " needs an earlier kill or stop of it in the phase"
                                + (consumer ? " (every phase starts with all consumer-app instances up)" : ""));
            }
            if (!TimedFault.insideWindow(step.at(), window)) {
                problems.add(
                        where + ".at", "must be inside the measured window (under " + Durations.format(window) + ")");
            } else if (step.at().compareTo(previous) < 0) {
                problems.add(where + ".at", "steps must be in time order");
            }
            previous = step.at();
        }
        down.stream()
                .sorted()
                .forEach(key -> problems.add(
                        field,
                        TimedFault.consumerInstance(key).isPresent()
                                ? key + " is still down when the phase ends: add a restart of it (every phase starts"
                                        + " with all consumer-app instances up)"
                                : "broker " + key + " is still down when the phase ends: add a restart of it (a run"
                                        + " leaves no broker down behind it, and what it measures of a phase's topic"
                                        + " needs every broker)"));
    }
}
