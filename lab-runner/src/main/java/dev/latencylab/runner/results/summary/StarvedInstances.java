package dev.latencylab.runner.results.summary;

import dev.latencylab.runner.run.InstanceShares;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The reading's sentence per producer instance short of its share ({@link InstanceShares}). */
public final class StarvedInstances {

    private StarvedInstances() {}

    /** One sentence per instance short of its share, for the phases driven by several; empty when none was. */
    public static List<String> of(List<PhaseSummary> phases, Function<PhaseSummary, String> label) {
        List<String> starved = new ArrayList<>();
        for (PhaseSummary p : phases) {
            for (InstanceShares.Short s : InstanceShares.of(p.settings(), p.measuredSeconds(), p.description())) {
                starved.add(String.format(
                        Locale.ROOT,
                        "%s: producer instance %s of %d sent only %s of its share (%s of %s records/s)%s",
                        label.apply(p),
                        s.instance(),
                        s.instances(),
                        Fmt.percent(s.share()),
                        Fmt.rate(s.sentRate()),
                        Fmt.rate(s.targetRate()),
                        p.achievedShare() == null
                                ? ""
                                : ", the group " + Fmt.percent(p.achievedShare()) + " of its total"));
            }
        }
        return starved;
    }
}
