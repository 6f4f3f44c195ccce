package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Fmt;
import java.util.List;
import java.util.Locale;

/** A Markdown table: text columns left, figures right, so numbers line up when the file is read raw. */
public final class MarkdownTable {

    private MarkdownTable() {}

    /** @param right per column, whether it holds figures */
    public static void append(StringBuilder b, List<String> header, List<Boolean> right, List<List<String>> rows) {
        line(b, header);
        line(b, right.stream().map(r -> r ? "---:" : "---").toList());
        rows.forEach(r -> line(b, r));
        b.append('\n');
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        b.append('\n');
    }

    /** {@code part} as a whole percent of {@code total}, "42 %", or n/a. */
    static String share(long part, long total) {
        return total == 0 ? Fmt.NA : String.format(Locale.ROOT, "%.0f %%", 100.0 * part / total);
    }

    /** A figure with a fixed number of decimals, or n/a. */
    static String fixed(Double v, int decimals) {
        return v == null ? Fmt.NA : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
