package dev.latencylab.runner.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Run B against run A: what names each, what sets the runs apart as a whole (notes), each matched
 * phase's figures, the phases in one run only, and every --fail-on threshold judged. This record
 * is diff.json.
 *
 * @param thresholdCrossed whether a --fail-on threshold was crossed (the exit status is then 3)
 */
record RunDiff(
        String change,
        RunInfo a,
        RunInfo b,
        List<String> notes,
        List<PhaseDiff> phases,
        List<UnmatchedPhase> onlyInA,
        List<UnmatchedPhase> onlyInB,
        List<FailOnCheck> failOn,
        boolean thresholdCrossed) {

    /** What every change in the diff is. */
    static final String CHANGE = "B - A, the medians over each run's repeats; percent of A";

    /** A phase one run has and the other has not. */
    record UnmatchedPhase(String name, int repeats, Map<String, String> setup) {
        static UnmatchedPhase of(RunPhase p) {
            return new UnmatchedPhase(p.name(), p.repeats(), p.setup());
        }
    }

    RunDiff {
        notes = List.copyOf(notes);
        phases = List.copyOf(phases);
        onlyInA = List.copyOf(onlyInA);
        onlyInB = List.copyOf(onlyInB);
        failOn = List.copyOf(failOn);
    }

    static RunDiff of(RunResults a, RunResults b, List<FailOn> thresholds) {
        PhaseMatching matching = PhaseMatching.of(a, b);
        List<PhaseDiff> phases = matching.matched().stream().map(PhaseDiff::of).toList();
        List<FailOnCheck> checks =
                thresholds.stream().map(t -> FailOnCheck.judge(t, phases)).toList();
        return new RunDiff(
                CHANGE,
                a.info(),
                b.info(),
                notes(a.info(), b.info()),
                phases,
                matching.onlyInA().stream().map(UnmatchedPhase::of).toList(),
                matching.onlyInB().stream().map(UnmatchedPhase::of).toList(),
                checks,
                checks.stream().anyMatch(c -> c.outcome() == FailOnCheck.Judgement.FAIL));
    }

    /** What makes the two runs less comparable as a whole: another scenario, another machine or version, a run cut short. */
    private static List<String> notes(RunInfo a, RunInfo b) {
        List<String> notes = new ArrayList<>();
        if (!Objects.equals(a.scenario(), b.scenario())) {
            notes.add("The runs are of different scenarios (" + a.scenario() + ", " + b.scenario()
                    + "): only phases of the same name are compared.");
        }
        a.environment().forEach((k, va) -> {
            String vb = b.environment().get(k);
            if (vb != null && !vb.equals(va)) {
                notes.add("The runs differ in " + k + ": " + va + " in A, " + vb + " in B.");
            }
        });
        cutShort("A", a, notes);
        cutShort("B", b, notes);
        if (!a.warnings().isEmpty() || !b.warnings().isEmpty()) {
            notes.add("Warnings in the runs' summaries: " + a.warnings().size() + " in A, "
                    + b.warnings().size() + " in B (see their summary.md).");
        }
        return notes;
    }

    private static void cutShort(String which, RunInfo run, List<String> notes) {
        if (Boolean.FALSE.equals(run.complete())) {
            notes.add(which + " did not run to the end"
                    + (run.stopReason() == null ? "" : " (" + run.stopReason() + ")")
                    + ": its cut-short phase is marked partial.");
        }
    }
}
