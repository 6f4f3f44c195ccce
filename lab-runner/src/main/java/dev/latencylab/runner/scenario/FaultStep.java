package dev.latencylab.runner.scenario;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fault injected at a time inside a phase's measured window: a broker killed (SIGKILL), stopped
 * (SIGTERM, a clean shutdown) or restarted.
 *
 * @param at from the start of the measured window
 * @param broker {@link #LEADER} (the leader of partition 0 of the phase's topic when the step runs;
 *     for a restart, the broker an earlier step of the phase took down as the leader) or a node id
 */
public record FaultStep(Duration at, Action action, String broker) {

    public static final String LEADER = "leader";
    private static final Pattern NODE = Pattern.compile("(?:kafka-)?([1-9][0-9]?)");

    public enum Action {
        KILL,
        STOP,
        RESTART;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether the step takes a broker down (a restart brings one back). */
        public boolean takesDown() {
            return this != RESTART;
        }
    }

    /** The node id a broker name gives ({@code 2} or {@code kafka-2}); empty for {@code leader} or a bad name. */
    public static Optional<Integer> nodeId(String broker) {
        Matcher m = NODE.matcher(broker);
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    public static boolean validBroker(String broker) {
        return LEADER.equals(broker) || nodeId(broker).isPresent();
    }

    public String describe() {
        return action.label() + " "
                + (LEADER.equals(broker)
                        ? "the leader"
                        : "kafka-" + nodeId(broker).orElseThrow()) + " at " + Durations.format(at);
    }
}
