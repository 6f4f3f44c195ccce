package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.report.MarkdownSection;
import dev.latencylab.runner.results.summary.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * diff.md's section for one matched phase: what it ran on, how the two runs' phases differ, and a
 * row per figure (A, B, the change, its percentage, how it stands against the spread, the verdict).
 */
final class PhaseSection {

    private static final String CONSUMER_SETTING = "consumer ";
    private static final MarkdownSection.Columns FIGURES = MarkdownSection.Columns.text("figure")
            .andFigures("A | B | change | change %")
            .andText("vs spread | verdict");

    private PhaseSection() {}

    static void append(StringBuilder b, PhaseDiff p) {
        MarkdownSection s = MarkdownSection.into(b).heading("##", p.name());
        List<String> paragraphs = new ArrayList<>();
        paragraphs.add("Ran on: " + setup(p.setup()));
        if (!p.setupDifferences().isEmpty()) {
            paragraphs.add("**Not like with like**, the two runs' phases differ in: "
                    + String.join("; ", p.setupDifferences()));
        }
        if (!p.unchecked().isEmpty()) {
            paragraphs.add("Not checked alike, as only one run records it: " + String.join(", ", p.unchecked()));
        }
        partial(p).ifPresent(paragraphs::add);
        paragraphs.forEach(s::paragraph);
        s.table(FIGURES);
        for (FigureChange c : p.figures()) {
            Function<Double, String> fmt = Figures.byKey(c.key()).format();
            s.row(
                    c.label(),
                    c.a().shown(fmt),
                    c.b().shown(fmt),
                    (c.change() > 0 ? "+" : c.change() < 0 ? "-" : "") + fmt.apply(Math.abs(c.change())),
                    percent(c),
                    spread(c),
                    c.verdict() == FigureChange.Movement.WORSE
                            ? "**worse**"
                            : c.verdict().text());
        }
        s.endTable();
        if (!p.onlyInA().isEmpty()) {
            s.paragraph("Measured in A only: " + String.join(", ", p.onlyInA()));
        }
        if (!p.onlyInB().isEmpty()) {
            s.paragraph("Measured in B only: " + String.join(", ", p.onlyInB()));
        }
    }

    /** The settings and where the phase ran; the consumer's many settings only counted (a difference in one is listed apart). */
    static String setup(Map<String, String> setup) {
        List<String> parts = new ArrayList<>();
        long consumerSettings = 0;
        for (Map.Entry<String, String> e : setup.entrySet()) {
            if (e.getKey().startsWith(CONSUMER_SETTING)) {
                consumerSettings++;
            } else {
                parts.add(e.getKey() + " " + e.getValue());
            }
        }
        if (consumerSettings > 0) {
            parts.add(consumerSettings + " consumer settings");
        }
        return parts.isEmpty() ? "(not recorded)" : String.join(", ", parts);
    }

    static Optional<String> partial(PhaseDiff p) {
        if (p.partialA() && p.partialB()) {
            return Optional.of("Cut short (partial) in both runs.");
        }
        if (p.partialA() || p.partialB()) {
            return Optional.of("Cut short (partial) in " + (p.partialA() ? "A" : "B") + ".");
        }
        return Optional.empty();
    }

    /** +4.5%, +27%: one decimal below 10 %, where a rounded whole percent would hide a change. */
    static String signed(double percent) {
        return String.format(Locale.ROOT, Math.abs(percent) < 10 ? "%+.1f%%" : "%+.0f%%", percent);
    }

    private static String percent(FigureChange c) {
        if (c.change() == 0) {
            return "0%";
        }
        return c.changePercent() == null ? "from 0" : signed(c.changePercent());
    }

    private static String spread(FigureChange c) {
        String text = c.spread().text();
        if (c.spread() != FigureChange.SpreadCheck.NONE && (c.a().known() < 2 || c.b().known() < 2)) {
            text += " (only " + (c.a().known() >= 2 ? "A" : "B") + " repeated)";
        }
        return text;
    }
}
