package dev.latencylab.runner.compare;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The comparison's numbers: a figure's mean over the rounds (the one way the verdicts and the report take it), and
 * the formats of its text: rates with thousands separators, ratios to 3 decimals (0.949 is not 0.95).
 */
final class Numbers {

    static final String NA = "n/a";

    private Numbers() {}

    /** @throws java.util.NoSuchElementException when there are no rounds: callers check first */
    static <T> double mean(List<T> rounds, ToDoubleFunction<T> figure) {
        return rounds.stream().mapToDouble(figure).average().orElseThrow();
    }

    static String rate(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    static String ratio(Double v) {
        return v == null ? NA : String.format(Locale.ROOT, "%.3f", v);
    }

    static String ms(Double v) {
        return v == null ? NA : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.1f", v);
    }

    /** Microsecond figures as ms with three decimals. */
    static String ms3(Double v) {
        return v == null ? NA : String.format(Locale.ROOT, "%.3f", v);
    }

    /** A figure with a fixed number of decimals, or n/a. */
    static String fixed(Double v, int decimals) {
        return v == null ? NA : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
