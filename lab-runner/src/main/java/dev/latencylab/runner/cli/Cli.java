package dev.latencylab.runner.cli;

import dev.latencylab.runner.compare.ProcessToolRunner;
import dev.latencylab.runner.grafana.DashboardException;
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
        LabCommand command = commands().get(name);
        try {
            if (command == null) {
                if (List.of("help", "-h", "--help").contains(name)) {
                    usage(null, out);
                    return 0;
                }
                if (List.of("-V", "--version").contains(name)) {
                    Commands.of(new Root()).printVersionHelp(Commands.writer(out));
                    return 0;
                }
                throw new UsageException("unknown command '" + name + "'");
            }
            return command.execute(rest);
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            err.println();
            usage(command, err);
            return 2;
        } catch (EndpointException | UncheckedIOException | DashboardException e) {
            err.println("error: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("interrupted");
            return 1;
        }
    }

    private Map<String, LabCommand> commands() {
        Map<String, LabCommand> commands = new LinkedHashMap<>();
        commands.put(
                "run",
                new RunCommand(
                        out,
                        err,
                        cwd,
                        new JsonHttp(),
                        Clock.systemUTC(),
                        Sleeper.REAL,
                        ScenarioRunner.Options.DEFAULT,
                        true));
        commands.put("validate", new ValidateCommand(out, err, cwd));
        commands.put("import-omb", new ImportOmbCommand(out, err, cwd));
        commands.put("linger", new LingerCommand(out, err, cwd, new JsonHttp()));
        commands.put("report", new ReportCommand(out, err, cwd));
        commands.put("diff", new DiffCommand(out, err, cwd));
        commands.put("flamegraph", new FlameGraphCommand(out, err, cwd));
        commands.put(
                "compare",
                new CompareCommand(
                        out, err, cwd, new JsonHttp(), Clock.systemUTC(), Sleeper.REAL, new ProcessToolRunner(), true));
        commands.put(
                "snapshot", new SnapshotCommand(out, err, cwd, new JsonHttp(), System.getenv(), Clock.systemUTC()));
        commands.put("selftest", new SelfTestCommand(out, err, cwd, new JsonHttp(), System.getenv()));
        commands.put("check-dashboards", new CheckDashboardsCommand(out, err, cwd, new JsonHttp(), Clock.systemUTC()));
        return commands;
    }

    /** The command's own usage, or the list of commands. */
    private void usage(LabCommand command, PrintStream to) {
        if (command != null) {
            Commands.of(command).usage(Commands.writer(to));
            return;
        }
        CommandLine root = Commands.of(new Root());
        commands().forEach((name, c) -> root.addSubcommand(name, Commands.of(c)));
        root.usage(Commands.writer(to));
    }
}
