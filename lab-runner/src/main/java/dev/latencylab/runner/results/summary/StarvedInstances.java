package dev.latencylab.runner.results.summary;

import dev.latencylab.runner.lab.ProducerGroup;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Several producer-apps drive a phase together, each given rate / N: the group's total can keep
 * its target while one instance falls behind its share (a starved process on shared cores, a slow
 * connection), and the phase then measures an uneven load. Each instance is judged on its own
 * share, as the group is on its total.
 */
public final class StarvedInstances {

    /** Below this share of its own target an instance is called out, as a phase is below the group's. */
    static final double SHORTFALL = 0.98;

    private StarvedInstances() {}

    /** One sentence per instance short of its share, for the phases driven by several; empty when none was. */
    public static List<String> of(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
        List<String> starved = new ArrayList<>();
        for (PhaseSummary p : phases) {
            PhaseDescription d = p.description();
            if (d == null || d.producers().size() < 2 || p.settings().unthrottled() || p.measuredSeconds() <= 0) {
                continue;
            }
            int n = d.producers().size();
            double target = ProducerGroup.perInstanceRate(p.settings().rate(), n);
            for (PhaseDescription.ProducerInstance i : d.producers()) {
                double rate = i.sent() / p.measuredSeconds();
                if (target > 0 && rate / target < SHORTFALL) {
                    starved.add(String.format(
                            Locale.ROOT,
                            "%s: producer instance %s of %d sent only %s of its share (%s of %s records/s)%s",
                            label.apply(p),
                            i.instance(),
                            n,
                            Fmt.percent(rate / target),
                            Fmt.rate(rate),
                            Fmt.rate(target),
                            p.achievedShare() == null
                                    ? ""
                                    : ", the group " + Fmt.percent(p.achievedShare()) + " of its total"));
                }
            }
        }
        return starved;
    }
}
