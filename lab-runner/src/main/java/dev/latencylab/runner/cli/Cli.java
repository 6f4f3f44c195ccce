package dev.latencylab.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import dev.latencylab.runner.compare.ProcessToolRunner;
import dev.latencylab.runner.http.EndpointException;
import dev.latencylab.runner.http.JsonHttp;
import dev.latencylab.runner.results.ResultsWriter;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.run.Sleeper;

/** Dispatches a command line to its command and turns failures into messages and exit codes. */
public final class Cli {

    private final PrintStream out;
    private final PrintStream err;
    private final Path cwd;

    public Cli(PrintStream out, PrintStream err, Path cwd) {
        this.out = out;
        this.err = err;
        this.cwd = cwd;
    }

    public int execute(String... argv) {
        List<String> args = Arrays.asList(argv);
        String command = args.isEmpty() ? "help" : args.get(0);
        List<String> rest = args.isEmpty() ? List.of() : args.subList(1, args.size());
        try {
            return switch (command) {
                case "run" -> new RunCommand(out, err, cwd, new JsonHttp(), Clock.systemUTC(), Sleeper.REAL,
                        ScenarioRunner.Options.DEFAULT, true).execute(rest);
                case "linger" -> new LingerCommand(out, new JsonHttp()).execute(rest);
                case "compare" -> new CompareCommand(out, err, cwd, new JsonHttp(), Clock.systemUTC(), Sleeper.REAL,
                        new ProcessToolRunner(), true).execute(rest);
                case "validate" -> new ValidateCommand(out, err, cwd).execute(rest);
                case "report" -> report(rest);
                case "snapshot" -> new SnapshotCommand(out, err, cwd, new JsonHttp(), System.getenv(), Clock.systemUTC()).execute(rest);
                case "check-dashboards" -> new CheckDashboardsCommand(out, err, cwd, new JsonHttp(), Clock.systemUTC()).execute(rest);
                case "help", "-h", "--help" -> {
                    out.print(Usage.TEXT);
                    yield 0;
                }
                default -> throw new UsageException("unknown command '" + command + "'");
            };
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            err.println();
            err.print(Usage.TEXT);
            return 2;
        } catch (EndpointException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("interrupted");
            return 1;
        }
    }

    private int report(List<String> rest) {
        Args args = Args.parse(rest, Set.of(), Set.of());
        if (args.positionals().size() != 1) {
            throw new UsageException("report needs one results folder");
        }
        Path dir = cwd.resolve(args.positionals().get(0));
        if (!Files.isRegularFile(dir.resolve("summary.json"))) {
            throw new UsageException(dir + " has no summary.json; give a folder the run command wrote");
        }
        try {
            out.print(new ResultsWriter().rerender(dir));
            out.println();
            out.println("Results: " + dir);
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException("could not redraw " + dir + ": " + e.getMessage(), e);
        }
    }
}
