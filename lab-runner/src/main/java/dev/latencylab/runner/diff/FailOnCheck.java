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
 */
record FailOnCheck(
        FailOn threshold, Judgement outcome, int phasesJudged, List<Crossing> crossings, List<String> unjudged) {

    enum Judgement {
        FAIL,
        PASS,
        NOT_JUDGED;

        @JsonValue
        String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** A phase where the figure got worse than the threshold allows: the values judged ({@link FailOn#judged}). */
    record Crossing(String phase, double a, double b, double change, Double changePercent) {}

    FailOnCheck {
        crossings = List.copyOf(crossings);
        unjudged = List.copyOf(unjudged);
    }

    static FailOnCheck judge(FailOn threshold, List<PhaseDiff> phases) {
        List<Crossing> crossings = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        for (PhaseDiff p : phases) {
            FigureChange c = p.figure(threshold.key());
            if (c == null) {
                unjudged.add(p.name());
                continue;
            }
            if (threshold.crossedBy(c)) {
                double a = threshold.judged(c.a());
                double b = threshold.judged(c.b());
                crossings.add(new Crossing(p.name(), a, b, b - a, a == 0 ? null : (b - a) / Math.abs(a) * 100));
            }
        }
        int judged = phases.size() - unjudged.size();
        Judgement outcome = judged == 0 ? Judgement.NOT_JUDGED : crossings.isEmpty() ? Judgement.PASS : Judgement.FAIL;
        return new FailOnCheck(threshold, outcome, judged, crossings, unjudged);
    }
}
