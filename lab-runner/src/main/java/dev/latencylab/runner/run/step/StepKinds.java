package dev.latencylab.runner.run.step;

import dev.latencylab.runner.run.PhaseStep;
import dev.latencylab.runner.run.step.drain.DrainPhase;
import dev.latencylab.runner.run.step.measured.MeasuredPhase;
import dev.latencylab.runner.run.step.ratesearch.RateSearchRun;
import java.util.List;

/** The kinds of phase a run knows: the one place that names them, so the loop names none. */
public final class StepKinds {

    /**
     * In the order the loop asks them; the first that takes a planned phase runs it, so the measured
     * phase, which takes any, comes last.
     */
    public static final List<PhaseStep.Kind> ALL = List.of(RateSearchRun::new, DrainPhase::new, MeasuredPhase::new);

    private StepKinds() {}
}
