package dev.latencylab.runner.run;

import java.util.List;

/**
 * A {@code rate: max} phase's search, as summary.json carries it: its steps, the rate found (0 when
 * not even the lowest rate tried was sustained), whether the bisection converged and the rate found
 * held for a whole phase's duration ({@code confirmed}), and the names of the measured phases run
 * at fractions of the rate found.
 */
public record RateSearchRecord(
        String phase,
        int repeat,
        double startRate,
        double stepSeconds,
        MaxRateSearch.Rule rule,
        List<RateProbe> steps,
        double found,
        boolean converged,
        boolean confirmed,
        List<String> measuredAt) {

    /** The shares of the rate found at which the search's phase is then measured. */
    public static final List<Integer> MEASURED_PERCENT = List.of(50, 80, 100);

    public RateSearchRecord {
        steps = List.copyOf(steps);
        measuredAt = List.copyOf(measuredAt);
    }

    /** The name a search step's phase goes by (dashboards show it). */
    public static String stepName(String phase, double rate) {
        return phase + "-search-" + Math.round(rate);
    }

    /** The name of the measured phase at {@code percent} of the rate found. */
    public static String measuredName(String phase, int percent) {
        return phase + "@" + percent + "%";
    }
}
