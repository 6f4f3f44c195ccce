package dev.latencylab.runner.diff;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A results folder as the diff reads it: what names the run, and its scenario phases in the scenario's order. */
record RunResults(RunInfo info, List<RunPhase> phases) {

    RunResults {
        phases = List.copyOf(phases);
    }

    /** Every figure key any phase holds, in the order the phases hold them. */
    Set<String> figureKeys() {
        Set<String> keys = new LinkedHashSet<>();
        phases.forEach(p -> keys.addAll(p.figures().keySet()));
        return keys;
    }
}
