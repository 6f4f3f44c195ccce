package dev.latencylab.runner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The runner's command line: picocli dispatches to the command named, {@link Errors} tells what failed. */
@Command(
        name = "lab-runner",
        mixinStandardHelpOptions = true,
        versionProvider = Commands.Version.class,
        synopsisSubcommandLabel = "COMMAND",
        description = "Kafka Latency Lab runner: runs experiments against the lab and writes results.",
        subcommands = {
            RunCommand.class,
            ValidateCommand.class,
            ImportOmbCommand.class,
            LingerCommand.class,
            ReportCommand.class,
            DiffCommand.class,
            FlameGraphCommand.class,
            CompareCommand.class,
            SnapshotCommand.class,
            SelfTestCommand.class,
            CheckDashboardsCommand.class,
            TargetsCommand.class,
            CompletionCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {
            "",
            "Every command takes --help.",
            "Durations: 15s, 5m, 1m30s, 250ms or ISO-8601 (PT15S).",
            "Exit codes: 0 done, 1 the run or a call failed, 2 wrong command line or scenario,",
            "3 diff: a --fail-on threshold was crossed."
        })
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
        return Commands.wired(new CommandLine(this, new CommandFactory(out, err, cwd)), out, err)
                .execute(argv);
    }
}
