package dev.latencylab.runner.run;

import dev.latencylab.runner.scenario.Phase;
import java.util.List;

/**
 * What the loop does for the step running a planned phase: every phase measured is numbered, given
 * its id and label, kept when cut short, stored and released here, so no step repeats it.
 */
public interface StepLoop {

    /** The number the next phase measured gets in "phase i/n". */
    int nextIndex();

    /** The n of "phase i/n" as it stands. */
    int count();

    /** Measures {@code phase} as one phase of the run, with {@code how}. */
    void measure(Phase phase, Measurement how) throws InterruptedException;

    /**
     * Measures the phases the step made of its planned one, each by the kind that takes it; they
     * stand for it in the count instead of what {@link PhaseStep#counted} said.
     */
    void measureDerived(List<Phase> derived) throws InterruptedException;

    /** A rate search's record, for the run's record. */
    void searched(RateSearchRecord search);

    /** What runs halfway through a measured window. */
    ScenarioRunner.WindowHook windowHook();

    /** A phase measured on the tracker the loop made for it. */
    @FunctionalInterface
    interface Measurement {
        PhaseRecord measure(PhaseTracker t) throws InterruptedException;
    }
}
