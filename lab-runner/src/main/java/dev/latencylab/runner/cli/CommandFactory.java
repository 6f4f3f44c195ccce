package dev.latencylab.runner.cli;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.compare.ProcessToolRunner;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.run.ScenarioRunner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;

/** Each command built with the real clock, HTTP and processes; tests build theirs with fakes. */
final class CommandFactory implements CommandLine.IFactory {

    private final Map<Class<?>, Supplier<Object>> commands;

    CommandFactory(PrintStream out, PrintStream err, Path cwd) {
        commands = Map.ofEntries(
                Map.entry(
                        RunCommand.class,
                        () -> new RunCommand(
                                out,
                                err,
                                cwd,
                                new JsonHttp(),
                                Clock.systemUTC(),
                                Sleeper.REAL,
                                ScenarioRunner.Options.DEFAULT,
                                true)),
                Map.entry(ValidateCommand.class, () -> new ValidateCommand(out, err, cwd)),
                Map.entry(TargetsCommand.class, () -> new TargetsCommand(out, err, cwd)),
                Map.entry(ImportOmbCommand.class, () -> new ImportOmbCommand(out, err, cwd)),
                Map.entry(LingerCommand.class, () -> new LingerCommand(out, err, cwd, new JsonHttp())),
                Map.entry(ReportCommand.class, () -> new ReportCommand(out, err, cwd)),
                Map.entry(DiffCommand.class, () -> new DiffCommand(out, err, cwd)),
                Map.entry(FlameGraphCommand.class, () -> new FlameGraphCommand(out, err, cwd)),
                Map.entry(
                        CompareCommand.class,
                        () -> new CompareCommand(
                                out,
                                err,
                                cwd,
                                new JsonHttp(),
                                Clock.systemUTC(),
                                Sleeper.REAL,
                                new ProcessToolRunner(),
                                true)),
                Map.entry(
                        SnapshotCommand.class,
                        () -> new SnapshotCommand(out, err, cwd, new JsonHttp(), System.getenv(), Clock.systemUTC())),
                Map.entry(
                        SelfTestCommand.class,
                        () -> new SelfTestCommand(out, err, cwd, new JsonHttp(), System.getenv())),
                Map.entry(
                        CheckDashboardsCommand.class,
                        () -> new CheckDashboardsCommand(out, err, cwd, new JsonHttp(), Clock.systemUTC())));
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        Supplier<Object> command = commands.get(type);
        // Mixins, the help command and the version provider take no arguments: picocli's own way builds them.
        return command != null
                ? type.cast(command.get())
                : CommandLine.defaultFactory().create(type);
    }
}
