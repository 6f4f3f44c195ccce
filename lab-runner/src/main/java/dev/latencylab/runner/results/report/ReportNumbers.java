package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Fmt;
import java.util.Locale;

/**
 * The number format only the report tables use, beside {@link Fmt}'s: a fixed-decimal figure, n/a
 * where there is none.
 */
final class ReportNumbers {

    private ReportNumbers() {}

    /** A figure with a fixed number of decimals, or n/a. */
    static String fixed(Double v, int decimals) {
        return v == null ? Fmt.NA : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
