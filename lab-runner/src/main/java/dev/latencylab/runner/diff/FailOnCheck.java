package dev.latencylab.runner.diff;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A --fail-on threshold judged over every matched phase: crossed in one is a failure. A phase
 * where either run lacks the figure cannot be judged and is named; when no phase can, the outcome
 * says so rather than passing in silence (the exit status stays 0: nothing was seen to get worse).
 *
 * @param unjudged the matched phases where either run lacks the figure
 * @param partly the matched phases judged on some repeats only: a repeat of either run lacks the figure
 */
record FailOnCheck(
        FailOn threshold,
        Judgement outcome,
        int phasesJudged,
        List<Crossing> crossings,
        List<String> unjudged,
        List<String> partly) {

    enum Judgement {
        FAIL,
        PASS,
        NOT_JUDGED;

        @JsonValue
        String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * A phase where the figure got worse than the threshold allows: A's and B's medians, or, for a count,
     * each run's worst repeat ({@code worstRepeat}).
     */
    record Crossing(String phase, double a, double b, double change, Double changePercent, boolean worstRepeat) {}

    FailOnCheck {
        crossings = List.copyOf(crossings);
        unjudged = List.copyOf(unjudged);
        partly = List.copyOf(partly);
    }

    static FailOnCheck judge(FailOn threshold, List<PhaseDiff> phases) {
        List<Crossing> crossings = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        List<String> partly = new ArrayList<>();
        for (PhaseDiff p : phases) {
            FigureChange c = p.figure(threshold.key());
            if (c == null) {
                unjudged.add(p.name());
                continue;
            }
            if (c.a().known() < c.a().values().size()
                    || c.b().known() < c.b().values().size()) {
                partly.add(p.name());
            }
            threshold
                    .crossing(c)
                    .ifPresent(x -> crossings.add(new Crossing(
                            p.name(),
                            x.a(),
                            x.b(),
                            x.b() - x.a(),
                            FailOn.percentChange(x.a(), x.b()),
                            x.worstRepeat())));
        }
        int judged = phases.size() - unjudged.size();
        Judgement outcome = judged == 0 ? Judgement.NOT_JUDGED : crossings.isEmpty() ? Judgement.PASS : Judgement.FAIL;
        return new FailOnCheck(threshold, outcome, judged, crossings, unjudged, partly);
    }

    /** What the verdict could not see, for its line: "; not judged in X (...); in Y judged on the repeats that have it". */
    String unseen() {
        String name = threshold.name();
        return (unjudged.isEmpty()
                        ? ""
                        : "; not judged in " + String.join(", ", unjudged) + " (" + name + " missing in a run)")
                + (partly.isEmpty()
                        ? ""
                        : "; in " + String.join(", ", partly) + " judged on the repeats that have " + name);
    }
}
