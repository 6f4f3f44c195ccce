package dev.latencylab.runner.diff;

import java.util.List;

/** A Markdown table: text columns left, figures right, so numbers line up when the file is read raw. */
final class MarkdownTable {

    private MarkdownTable() {}

    /** @param right per column, whether it holds figures */
    static void append(StringBuilder b, List<String> header, List<Boolean> right, List<List<String>> rows) {
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
}
