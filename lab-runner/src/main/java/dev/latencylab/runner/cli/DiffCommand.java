package dev.latencylab.runner.cli;

import dev.latencylab.runner.diff.DiffException;
import dev.latencylab.runner.diff.DiffReport;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code diff A B}: two results folders compared phase by phase; writes diff.md and diff.json and
 * prints the Markdown. Exit 3 when a --fail-on threshold is crossed, so it can guard a CI job.
 */
@Command(
        name = "diff",
        description = {
            "Run against run: two results folders compared phase by phase (diff.md, diff.json, printed).",
            "For each phase both have (same name), every figure both hold: A, B, the change (B - A, absolute and %%),",
            "better or worse in the figure's direction, and whether it is beyond the spread of the repeats. Phases",
            "in one run only are listed; a phase whose settings, topic, partitions or consumer differ is compared",
            "and marked."
        },
        footer = {
            "",
            "FIGURE: a name such as e2e.p99, e2e.corrected.p99, publish-delay.p99, achieved-rate, cpu.total,",
            "requests.produce, records-per-request, lost, duplicated, or a summary.json key (latencyMs.p99);",
            "an unknown one is refused with the list. THRESHOLD: how much worse the figure may get, a number in its",
            "unit (lost=0) or a percentage of A (e2e.p99=+10%%); the sign is optional (+ for what is better lower,",
            "- for what is better higher) and required for a figure with no better direction.",
            "Exit codes: 0 done and no threshold crossed, 1 the files could not be written,",
            "2 wrong command line, a folder without summary.json or a bad --fail-on (nothing written),",
            "3 a --fail-on threshold was crossed."
        })
final class DiffCommand extends LabCommand {

    @Parameters(index = "0", paramLabel = "A", description = "the baseline results folder")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "the results folder compared with it")
    String b;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "where diff.md and diff.json go (default results/diff-<A folder>-vs-<B folder>)")
    String outDir;

    @Option(
            names = "--fail-on",
            paramLabel = "FIGURE=THRESHOLD",
            description = "exit 3 when FIGURE got worse by more than THRESHOLD in any matched phase; repeatable")
    List<String> failOn = new ArrayList<>();

    DiffCommand(PrintStream out, PrintStream err, Path cwd) {
        super(out, err, cwd);
    }

    @Override
    public Integer call() {
        DiffReport report;
        try {
            report = DiffReport.prepare(cwd.resolve(a), cwd.resolve(b), failOn);
        } catch (DiffException e) {
            throw new UsageException(e.getMessage());
        }
        Path dir = outDir != null ? cwd.resolve(outDir) : report.defaultFolder(cwd.resolve(Defaults.RESULTS));
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException("--out " + dir + " is a file, not a folder");
        }
        DiffReport.Rendered rendered;
        try {
            rendered = report.write(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + dir + ": " + e.getMessage(), e);
        }
        out.print(rendered.markdown());
        out.println("Diff: " + dir);
        return rendered.thresholdCrossed() ? ExitCodes.THRESHOLD_CROSSED : ExitCodes.OK;
    }
}
