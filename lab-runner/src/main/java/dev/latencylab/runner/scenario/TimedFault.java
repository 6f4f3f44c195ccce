package dev.latencylab.runner.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fault injected at a time inside a phase's measured window: a broker, or a consumer-app
 * instance of the group, killed (SIGKILL), stopped (SIGTERM, a clean shutdown: a consumer leaves
 * its group) or (re)started (a consumer that was down joins the group).
 *
 * @param at from the start of the measured window
 * @param target {@link #LEADER} (the leader of partition 0 of the phase's topic when the step runs;
 *     for a restart, the broker an earlier step of the phase took down as the leader), a broker's
 *     node id ({@code 2} or {@code kafka-2}) or a consumer-app instance ({@code consumer-3})
 */
public record TimedFault(Duration at, Action action, String target) {

    public static final String LEADER = "leader";
    /** The most consumer-app instances scripts/lab up starts (--consumers). */
    public static final int MAX_CONSUMERS = 8;

    private static final Pattern NODE = Pattern.compile("(?:kafka-)?([1-9][0-9]?)");
    private static final Pattern CONSUMER = Pattern.compile("consumer-([1-9])");

    /** Whether a step at {@code at} falls inside a measured window of {@code window}: the one rule the file and a shortened window are held to. */
    static boolean insideWindow(Duration at, Duration window) {
        return at.compareTo(window) < 0;
    }

    /** A scenario's step, {@code {at: 20s, kill: leader}}: the schema lets exactly one of kill, stop and restart through. */
    @JsonCreator
    static TimedFault of(
            @JsonProperty("at") Duration at,
            @JsonProperty("kill") String kill,
            @JsonProperty("stop") String stop,
            @JsonProperty("restart") String restart) {
        Action action = kill != null ? Action.KILL : stop != null ? Action.STOP : Action.RESTART;
        return new TimedFault(at, action, kill != null ? kill : stop != null ? stop : restart);
    }

    public enum Action {
        KILL,
        STOP,
        RESTART;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether the step takes a broker or consumer down (a restart brings one back). */
        public boolean takesDown() {
            return this != RESTART;
        }
    }

    /** The node id a broker name gives ({@code 2} or {@code kafka-2}); empty for {@code leader}, a consumer or a bad name. */
    public static Optional<Integer> nodeId(String target) {
        Matcher m = NODE.matcher(target);
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /** The consumer-app instance ({@code consumer-N}, from 1) a target names; empty for a broker. */
    public static Optional<Integer> consumerInstance(String target) {
        Matcher m = CONSUMER.matcher(target);
        if (!m.matches()) {
            return Optional.empty();
        }
        int n = Integer.parseInt(m.group(1));
        return n <= MAX_CONSUMERS ? Optional.of(n) : Optional.empty();
    }

    /** Whether the step acts on a consumer-app instance rather than a broker. */
    public boolean onConsumer() {
        return consumerInstance(target).isPresent();
    }

    /** What the step acts on, for a console line: {@code the leader}, {@code kafka-2}, {@code consumer-app 3}. */
    public String targetLabel() {
        if (LEADER.equals(target)) {
            return "the leader";
        }
        return consumerInstance(target)
                .map(n -> "consumer-app " + n)
                .orElseGet(() -> "kafka-" + nodeId(target).orElseThrow());
    }

    public String describe() {
        return action.label() + " " + targetLabel() + " at " + Durations.format(at);
    }
}
