package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Fmt;
import java.util.Locale;

/**
 * The number formats only the report tables use, beside {@link Fmt}'s: a share and a fixed-decimal
 * figure, n/a where there is none.
 */
final class ReportNumbers {

    private ReportNumbers() {}

    /** {@code part} as a whole percent of {@code total}, "42 %", or n/a. */
    static String share(long part, long total) {
        return total == 0 ? Fmt.NA : String.format(Locale.ROOT, "%.0f %%", 100.0 * part / total);
    }

    /** A figure with a fixed number of decimals, or n/a. */
    static String fixed(Double v, int decimals) {
        return v == null ? Fmt.NA : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
