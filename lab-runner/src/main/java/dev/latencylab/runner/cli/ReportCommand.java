package dev.latencylab.runner.cli;

import dev.latencylab.runner.results.report.ResultsWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code report <results-dir>}: redraws summary.md and the charts from a results folder's JSON. */
@Command(name = "report", description = "Redraw summary.md and the charts from a results folder's JSON.")
final class ReportCommand extends LabCommand {

    @Parameters(index = "0", paramLabel = "RESULTS-DIR", description = "a folder the run command wrote")
    String folder;

    ReportCommand(PrintStream out, PrintStream err, Path cwd) {
        super(out, err, cwd);
    }

    @Override
    public Integer call() {
        Path dir = cwd.resolve(folder);
        if (!Files.isRegularFile(dir.resolve("summary.json"))) {
            throw new UsageException(dir + " has no summary.json; give a folder the run command wrote");
        }
        try {
            out.print(new ResultsWriter().rerender(dir));
            out.println();
            out.println("Results: " + dir);
            return ExitCodes.OK;
        } catch (IOException e) {
            throw new UncheckedIOException("could not redraw " + dir + ": " + e.getMessage(), e);
        }
    }
}
