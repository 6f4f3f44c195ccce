package dev.latencylab.runner.run;

import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import java.time.Duration;
import java.util.List;

/**
 * How long a run has left, as its plan says (each phase's warm-up and window, as {@code validate}
 * and the run's opening line count them): what a progress line shows beside its phase's own
 * time left. Closing a phase (the fence, a topic's size on disk) and the final read are not
 * planned, so the run ends somewhat later.
 */
final class RunTimeLeft {

    private RunTimeLeft() {}

    /** The planned time of the phases after {@code phases.get(index)}. */
    static Duration plannedAfter(List<Phase> phases, int index) {
        return phases.subList(index + 1, phases.size()).stream()
                .map(Phase::total)
                .reduce(Duration.ZERO, Duration::plus);
    }

    /** The run's time left, in whole seconds rounded up, for a progress line. */
    static String format(Duration phaseLeft, Duration plannedAfter) {
        Duration left = phaseLeft.plus(plannedAfter);
        long seconds = left.toSeconds() + (left.toNanosPart() > 0 ? 1 : 0);
        return Durations.format(Duration.ofSeconds(Math.max(0, seconds)));
    }
}
