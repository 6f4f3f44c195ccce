package dev.latencylab.runner.run;

import dev.latencylab.runner.scenario.Phase;

/**
 * One kind of planned phase (a measured window, a backlog drained, a rate search): the loop asks the
 * kinds it was given in their order and runs a phase with the first that takes it, so it names none
 * of them. What a step measures goes through the {@link StepLoop}, which numbers, tracks and stores
 * every phase alike.
 */
public interface PhaseStep {

    /** Whether this kind runs the planned phase. */
    boolean takes(Phase planned);

    /**
     * The phases the planned one stands for in "phase i/n" until it has run: known before the run
     * starts, it is a guess for a kind that measures what it finds ({@link StepLoop#measureDerived}
     * corrects it).
     */
    default int counted(Phase planned) {
        return 1;
    }

    /** Runs the planned phase. */
    void run(Phase planned, StepLoop loop) throws InterruptedException;

    /** Makes a kind's step from what a run's steps share: the one line that registers a kind. */
    @FunctionalInterface
    interface Kind {
        PhaseStep create(StepServices services);
    }
}
