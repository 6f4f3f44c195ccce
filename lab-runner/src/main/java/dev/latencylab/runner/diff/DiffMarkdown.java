package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.report.MarkdownSection;
import dev.latencylab.runner.results.summary.Figures;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * diff.md: both runs named, what sets them apart, one line per phase, then one table per matched
 * phase with a row per figure ({@link PhaseSection}; a phase's figures read down a column, as in
 * summary.md), then the --fail-on verdicts.
 */
final class DiffMarkdown {

    private static final DateTimeFormatter READABLE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
    /** environment.json's fields the header shows, in this order, with the names it shows them under. */
    private static final String[][] ENVIRONMENT = {
        {"stack", "stack"},
        {"labVersion", "lab"},
        {"kafkaClientsVersion", "kafka-clients"},
        {"javaVersion", "Java"},
        {"javaVendor", "Java vendor"},
        {"os", "OS"},
        {"osArch", "architecture"},
        {"cores", "cores"}
    };

    private static final String HOW_TO_READ =
            "A is the baseline, B is compared with it. Each figure is the median over a run's repeats (its range "
                    + "min..max beside it when it repeated); change = B - A, and that as a percentage of A. *worse* "
                    + "and *better* follow the figure's better direction: lower for latency, publish delay, CPU, "
                    + "requests/s and counts of trouble (lost, duplicated, ...), higher for the achieved rate and "
                    + "records per request; a figure with no better direction (samples, records sent) is only "
                    + "*higher* or *lower*. *beyond spread*: the two runs' ranges over their repeats do not overlap; "
                    + "*within spread*: they do, so repeating a run moved the figure as much as the change; *no "
                    + "spread measured*: neither run repeated its phases (`repeat:` in the scenario), so nothing "
                    + "here tells noise from effect.";

    /** The first column, unnamed, names what the row shows of each run. */
    private static final MarkdownSection.Columns RUNS =
            MarkdownSection.Columns.text("").andText("A | B");

    private static final MarkdownSection.Columns PHASES = MarkdownSection.Columns.text("phase")
            .andFigures("repeats A | repeats B | worse | better | within spread")
            .andText("note");

    private DiffMarkdown() {}

    static String render(RunDiff d) {
        StringBuilder b = new StringBuilder();
        MarkdownSection.into(b)
                .heading("#", d.a().folder() + " vs " + d.b().folder())
                .paragraph(HOW_TO_READ);
        header(b, d.a(), d.b());
        if (!d.notes().isEmpty()) {
            d.notes().forEach(n -> b.append("- ").append(n).append('\n'));
            b.append('\n');
        }
        overview(b, d);
        d.phases().forEach(p -> PhaseSection.append(b, p));
        failOn(b, d.failOn());
        return b.toString();
    }

    private static void header(StringBuilder b, RunInfo a, RunInfo r) {
        MarkdownSection s = MarkdownSection.into(b).table(RUNS);
        s.row("folder", a.folder(), r.folder());
        s.row("scenario", text(a.scenario()), text(r.scenario()));
        s.row("started", time(a.startedAt()), time(r.startedAt()));
        s.row("repeats", a.repeats(), r.repeats());
        s.row("ran to the end", yesNo(a.complete()), yesNo(r.complete()));
        for (String[] field : ENVIRONMENT) {
            String va = a.environment().get(field[0]);
            String vb = r.environment().get(field[0]);
            if (va != null || vb != null) {
                s.row(field[1], text(va), text(vb));
            }
        }
        s.endTable();
    }

    /** One row per phase, matched or not, with what keeps it from being like with like beside it. */
    private static void overview(StringBuilder b, RunDiff d) {
        MarkdownSection s = MarkdownSection.into(b).heading("##", "Phases").table(PHASES);
        for (PhaseDiff p : d.phases()) {
            List<String> notes = new ArrayList<>();
            if (!p.setupDifferences().isEmpty()) {
                notes.add("not like with like: " + String.join("; ", p.setupDifferences()));
            }
            if (!p.unchecked().isEmpty()) {
                notes.add("not checked: " + String.join(", ", p.unchecked()));
            }
            PhaseSection.partial(p).ifPresent(notes::add);
            s.row(
                    p.name(),
                    p.repeatsA(),
                    p.repeatsB(),
                    p.count(FigureChange.Movement.WORSE),
                    p.count(FigureChange.Movement.BETTER),
                    p.count(FigureChange.Movement.WITHIN_SPREAD),
                    String.join("; ", notes));
        }
        d.onlyInA().forEach(p -> s.row(p.name(), p.repeats(), "-", "", "", "", "in A only, not compared"));
        d.onlyInB().forEach(p -> s.row(p.name(), "-", p.repeats(), "", "", "", "in B only, not compared"));
        s.endTable();
        d.onlyInA().forEach(p -> s.paragraph("In A only: " + p.name() + ", " + PhaseSection.setup(p.setup())));
        d.onlyInB().forEach(p -> s.paragraph("In B only: " + p.name() + ", " + PhaseSection.setup(p.setup())));
    }

    private static void failOn(StringBuilder b, List<FailOnCheck> checks) {
        if (checks.isEmpty()) {
            return;
        }
        MarkdownSection.into(b).heading("##", "--fail-on");
        for (FailOnCheck c : checks) {
            FailOn t = c.threshold();
            String head = "`" + t.text() + "` (" + t.meaning() + ")";
            switch (c.outcome()) {
                case FAIL -> {
                    Function<Double, String> fmt = Figures.byKey(t.key()).format();
                    List<String> where = c.crossings().stream()
                            .map(x -> x.phase() + " " + fmt.apply(x.a()) + " -> " + fmt.apply(x.b())
                                    + (x.changePercent() == null
                                            ? ""
                                            : " (" + PhaseSection.signed(x.changePercent()) + ")")
                                    + (x.worstRepeat() ? " (worst repeats)" : ""))
                            .toList();
                    b.append("- **FAIL** ")
                            .append(head)
                            .append(": crossed in ")
                            .append(String.join(", ", where))
                            .append(c.unseen())
                            .append('\n');
                }
                case PASS ->
                    b.append("- pass ")
                            .append(head)
                            .append(": not crossed in ")
                            .append(c.phasesJudged())
                            .append(c.phasesJudged() == 1 ? " matched phase" : " matched phases")
                            .append(c.unseen())
                            .append('\n');
                case NOT_JUDGED ->
                    b.append("- not judged ")
                            .append(head)
                            .append(": no matched phase has ")
                            .append(t.name())
                            .append(" in both runs\n");
            }
        }
        b.append('\n');
    }

    private static String time(String iso) {
        if (iso == null) {
            return "n/a";
        }
        try {
            return READABLE.format(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    private static String yesNo(Boolean b) {
        return b == null ? "n/a" : b ? "yes" : "no";
    }

    private static String text(String v) {
        return v == null ? "n/a" : v;
    }
}
