package dev.latencylab.runner.run;

import dev.latencylab.runner.clocks.ClockCheck;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One run's planned phases, each run by the first step that takes it: the "phase i/n" they get,
 * what was stored, and the phase being measured, which an interruption stores as far as it got.
 */
final class PlannedPhases implements StepLoop {

    private final RunContext run;
    private final List<PhaseStep> steps;
    private final Scenario scenario;
    private final ScenarioRunner.WindowHook windowHook;
    private final List<RateSearchRecord> searches;
    private final List<PhaseRecord> done = new ArrayList<>();
    private int index;
    private int count;
    /** What the planned phase being run stands for in the count. */
    private int reserved;

    private PhaseTracker current;
    /** The planned time of the phases queued after the one being run. */
    private Duration after = Duration.ZERO;

    PlannedPhases(
            RunContext run,
            List<PhaseStep> steps,
            Scenario scenario,
            ScenarioRunner.WindowHook windowHook,
            List<RateSearchRecord> searches) {
        this.run = run;
        this.steps = steps;
        this.scenario = scenario;
        this.windowHook = windowHook;
        this.searches = searches;
    }

    void runAll(List<Phase> plan) throws InterruptedException {
        count = plan.stream().mapToInt(p -> stepFor(p).counted(p)).sum();
        for (int i = 0; i < plan.size(); i++) {
            Phase planned = plan.get(i);
            after = RunTimeLeft.plannedAfter(plan, i);
            PhaseStep step = stepFor(planned);
            reserved = step.counted(planned);
            step.run(planned, this);
        }
    }

    List<PhaseRecord> done() {
        return done;
    }

    /** The phase being measured, null between phases. */
    PhaseTracker current() {
        return current;
    }

    @Override
    public int nextIndex() {
        return index + 1;
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public void measure(Phase phase, Measurement how) throws InterruptedException {
        index++;
        current = new PhaseTracker(
                index, count, phase, run.nextPhaseId(), RunPlan.label(phase.name(), phase.repeat(), scenario.repeat()));
        current.plannedAfter(after);
        run.clocks.check(current.phaseId, ClockCheck.START);
        PhaseRecord record = how.measure(current);
        done.add(record);
        int phaseId = current.phaseId;
        String label = current.label;
        // Stored: a stop from here on has no phase to cut short, or the phase would be stored twice.
        current = null;
        run.clocks.check(phaseId, ClockCheck.END);
        // The consumer may drop the phase, so a run of any length holds a few.
        run.consumer.release(phaseId);
        Optional<String> broken = BrokenPhase.reason(label, record);
        if (broken.isPresent()) {
            throw new EndpointException(broken.get());
        }
    }

    @Override
    public void measureDerived(List<Phase> derived) throws InterruptedException {
        count -= reserved - derived.size();
        reserved = derived.size();
        // A rate search's shares run before the rest of the plan: each has the shares after it to go too.
        Duration afterSearch = after;
        for (int i = 0; i < derived.size(); i++) {
            Phase phase = derived.get(i);
            after = afterSearch.plus(RunTimeLeft.plannedAfter(derived, i));
            stepFor(phase).run(phase, this);
        }
        after = afterSearch;
    }

    @Override
    public void searched(RateSearchRecord search) {
        searches.add(search);
    }

    @Override
    public ScenarioRunner.WindowHook windowHook() {
        return windowHook;
    }

    /** The first kind that takes the phase: the list ends with one that takes any. */
    private PhaseStep stepFor(Phase phase) {
        return steps.stream()
                .filter(s -> s.takes(phase))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no kind of phase step takes phase " + phase.name()));
    }
}
