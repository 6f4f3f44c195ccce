package dev.latencylab.runner.results.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The scaffold summary.md's and compare.md's sections share: a heading, paragraphs (a verdict is a
 * bold one) and a table of rows under declared columns, written into one builder so each section
 * keeps only its own words and cells.
 */
public final class MarkdownSection {

    private final StringBuilder b;

    private MarkdownSection(StringBuilder b) {
        this.b = b;
    }

    /** A section that goes on after what {@code b} holds. */
    public static MarkdownSection into(StringBuilder b) {
        return new MarkdownSection(b);
    }

    /** A section of its own, opening with a second-level heading. */
    public static MarkdownSection titled(String heading) {
        return titled("##", heading);
    }

    /** A section of its own at the level its caller puts it, "##" or "###". */
    public static MarkdownSection titled(String level, String heading) {
        return new MarkdownSection(new StringBuilder()).heading(level, heading);
    }

    /** @param level the heading's hashes, "#" (a report's title), "##" or "###" */
    public MarkdownSection heading(String level, String heading) {
        b.append(level).append(' ').append(heading).append("\n\n");
        return this;
    }

    public MarkdownSection paragraph(String text) {
        b.append(text).append("\n\n");
        return this;
    }

    /** A paragraph set in bold: a verdict, or a finding the reader should not miss. */
    public MarkdownSection bold(String text) {
        return paragraph("**" + text + "**");
    }

    /** The table's header and alignment lines ("|---|---:|"); its rows follow with {@link #row}. */
    public MarkdownSection table(Columns columns) {
        line(columns.names);
        b.append('|');
        columns.right.forEach(r -> b.append(r ? "---:|" : "---|"));
        b.append('\n');
        return this;
    }

    /** One row, a cell per column; an empty cell is written "| |". */
    public MarkdownSection row(Object... cells) {
        line(Stream.of(cells).map(String::valueOf).toList());
        return this;
    }

    /** The blank line that closes a table. */
    public MarkdownSection endTable() {
        b.append('\n');
        return this;
    }

    /** Text as it is, for what the scaffold has no part for. */
    public MarkdownSection append(String text) {
        b.append(text);
        return this;
    }

    @Override
    public String toString() {
        return b.toString();
    }

    // A "|" inside a cell would end it: escaped.
    private void line(List<String> cells) {
        b.append('|');
        for (String c : cells) {
            b.append(c.isEmpty() ? "" : " " + c.replace("|", "\\|")).append(" |");
        }
        b.append('\n');
    }

    /**
     * A table's columns in order, each text (left) or figures (right, so numbers line up raw), named
     * as the header shows them: "phase | instance", split at " | ".
     */
    public static final class Columns {

        private final List<String> names = new ArrayList<>();
        private final List<Boolean> right = new ArrayList<>();

        private Columns() {}

        public static Columns text(String names) {
            return new Columns().andText(names);
        }

        public static Columns figures(String names) {
            return new Columns().andFigures(names);
        }

        public Columns andText(String names) {
            return add(false, names);
        }

        public Columns andFigures(String names) {
            return add(true, names);
        }

        // A new list each time: a table's columns kept in a constant stay as declared.
        private Columns add(boolean figures, String more) {
            Columns c = new Columns();
            c.names.addAll(names);
            c.right.addAll(right);
            for (String n : more.split(" \\| ")) {
                c.names.add(n);
                c.right.add(figures);
            }
            return c;
        }
    }
}
