package dev.latencylab.runner.cli;

import dev.latencylab.runner.compare.ProcessToolRunner;
import dev.latencylab.runner.http.EndpointException;
import dev.latencylab.runner.http.JsonHttp;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.run.Sleeper;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Dispatches a command line to its command and turns failures into messages and exit codes. */
public final class Cli {

    @Command(
            name = "lab-runner",
            mixinStandardHelpOptions = true,
            versionProvider = Commands.Version.class,
            synopsisSubcommandLabel = "COMMAND",
            description = "Kafka Latency Lab runner: runs experiments against the lab and writes results.",
            footer = {
                "",
                "Every command takes --help.",
                "Durations: 15s, 5m, 1m30s, 250ms or ISO-8601 (PT15S).",
                "Exit codes: 0 done, 1 the run or a call failed, 2 wrong command line or scenario,",
                "3 diff: a --fail-on threshold was crossed."
            })
    static final class Root {}

    /** A command as the CLI runs it: its picocli object (for help) and how to execute it. */
    private record Registered(Object command, Execution action) {}

    @FunctionalInterface
    private interface Execution {
        int execute(List<String> argv) throws InterruptedException;
    }

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
        String name = args.isEmpty() ? "help" : args.get(0);
        List<String> rest = args.isEmpty() ? List.of() : args.subList(1, args.size());
        Map<String, Registered> commands = commands();
        Registered entry = commands.get(name);
        try {
            if (entry == null) {
                if (List.of("help", "-h", "--help").contains(name)) {
                    usage(null, out);
                    return 0;
                }
                throw new UsageException("unknown command '" + name + "'");
            }
            return entry.action().execute(rest);
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            err.println();
            usage(entry, err);
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

    private Map<String, Registered> commands() {
        Map<String, Registered> commands = new LinkedHashMap<>();
        RunCommand run = new RunCommand(
                out, err, cwd, new JsonHttp(), Clock.systemUTC(), Sleeper.REAL, ScenarioRunner.Options.DEFAULT, true);
        commands.put("run", new Registered(run, run::execute));
        ValidateCommand validate = new ValidateCommand(out, err, cwd);
        commands.put("validate", new Registered(validate, validate::execute));
        LingerCommand linger = new LingerCommand(out, new JsonHttp());
        commands.put("linger", new Registered(linger, linger::execute));
        ReportCommand report = new ReportCommand(out, cwd);
        commands.put("report", new Registered(report, report::execute));
        DiffCommand diff = new DiffCommand(out, cwd);
        commands.put("diff", new Registered(diff, diff::execute));
        CompareCommand compare = new CompareCommand(
                out, err, cwd, new JsonHttp(), Clock.systemUTC(), Sleeper.REAL, new ProcessToolRunner(), true);
        commands.put("compare", new Registered(compare, compare::execute));
        SnapshotCommand snapshot =
                new SnapshotCommand(out, err, cwd, new JsonHttp(), System.getenv(), Clock.systemUTC());
        commands.put("snapshot", new Registered(snapshot, snapshot::execute));
        SelfTestCommand selftest = new SelfTestCommand(out, err, cwd, new JsonHttp(), System.getenv());
        commands.put("selftest", new Registered(selftest, selftest::execute));
        CheckDashboardsCommand check = new CheckDashboardsCommand(out, err, cwd, new JsonHttp(), Clock.systemUTC());
        commands.put("check-dashboards", new Registered(check, check::execute));
        return commands;
    }

    /** The command's own usage, or the list of commands. */
    private void usage(Registered entry, PrintStream to) {
        if (entry != null) {
            Commands.of(entry.command()).usage(Commands.writer(to));
            return;
        }
        CommandLine root = Commands.of(new Root());
        commands().forEach((name, e) -> root.addSubcommand(name, Commands.of(e.command())));
        root.usage(Commands.writer(to));
    }
}
