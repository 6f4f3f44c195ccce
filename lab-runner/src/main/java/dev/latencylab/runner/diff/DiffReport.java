package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.report.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The diff of two results folders, start to end: both read and every --fail-on checked before
 * anything is written, then diff.md and diff.json.
 */
public final class DiffReport {

    private final RunResults a;
    private final RunResults b;
    private final List<FailOn> thresholds;

    private DiffReport(RunResults a, RunResults b, List<FailOn> thresholds) {
        this.a = a;
        this.b = b;
        this.thresholds = thresholds;
    }

    /**
     * Reads both folders and parses the thresholds against the figures they hold.
     *
     * @throws DiffException when a folder is not a run's results or a threshold is wrong; nothing is written then
     */
    public static DiffReport prepare(Path a, Path b, List<String> failOn) {
        RunResults runA = ResultsFolder.read(a);
        RunResults runB = ResultsFolder.read(b);
        List<String> keys = new ArrayList<>(runA.figureKeys());
        keys.addAll(runB.figureKeys());
        List<FailOn> thresholds =
                failOn.stream().map(t -> FailOn.parse(t, keys)).toList();
        return new DiffReport(runA, runB, thresholds);
    }

    /** results/diff-&lt;A&gt;-vs-&lt;B&gt;, with a counter when it exists: a diff never overwrites an earlier one. */
    public Path defaultFolder(Path resultsRoot) {
        String base = "diff-" + a.info().folder() + "-vs-" + b.info().folder();
        Path dir = resultsRoot.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = resultsRoot.resolve(base + "-" + i);
        }
        return dir;
    }

    /** Writes diff.md and diff.json into {@code dir} (created when missing). */
    public Rendered write(Path dir) throws IOException {
        RunDiff diff = RunDiff.of(a, b, thresholds);
        String markdown = DiffMarkdown.render(diff);
        Files.createDirectories(dir);
        ResultsWriter.JSON.writeValue(dir.resolve("diff.json").toFile(), diff);
        Files.writeString(dir.resolve("diff.md"), markdown);
        return new Rendered(markdown, diff.thresholdCrossed());
    }

    /** What the command prints, and whether a --fail-on threshold was crossed. */
    public record Rendered(String markdown, boolean thresholdCrossed) {}
}
