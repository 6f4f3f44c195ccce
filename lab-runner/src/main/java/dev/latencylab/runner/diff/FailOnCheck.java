package dev.latencylab.runner.diff;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A --fail-on threshold judged over every matched phase: crossed in one is a failure. A phase
 * where either run lacks the figure cannot be judged; when no phase can, the outcome says so
 * rather than passing in silence (the exit status stays 0: nothing was seen to get worse).
 */
record FailOnCheck(FailOn threshold, Judgement outcome, int phasesJudged, List<Crossing> crossings) {

    enum Judgement {
        FAIL,
        PASS,
        NOT_JUDGED;

        @JsonValue
        String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /** A phase where the figure got worse than the threshold allows. */
    record Crossing(String phase, double a, double b, double change, Double changePercent) {}

    FailOnCheck {
        crossings = List.copyOf(crossings);
    }

    static FailOnCheck judge(FailOn threshold, List<PhaseDiff> phases) {
        int judged = 0;
        List<Crossing> crossings = new ArrayList<>();
        for (PhaseDiff p : phases) {
            FigureChange c = p.figure(threshold.key());
            if (c == null) {
                continue;
            }
            judged++;
            if (threshold.crossedBy(c)) {
                crossings.add(new Crossing(p.name(), c.a().median(), c.b().median(), c.change(), c.changePercent()));
            }
        }
        Judgement outcome = judged == 0 ? Judgement.NOT_JUDGED : crossings.isEmpty() ? Judgement.PASS : Judgement.FAIL;
        return new FailOnCheck(threshold, outcome, judged, crossings);
    }
}
