package dev.latencylab.runner.cli;

import dev.latencylab.runner.workers.PrometheusTargets;
import dev.latencylab.runner.workers.Workers;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code targets --out DIR}: Prometheus' scrape targets for the instances a run would drive ({@link PrometheusTargets}). */
@Command(
        name = "targets",
        description = {
            "Write Prometheus' file-based discovery files for the producer-apps and consumer-apps named",
            "(--workers FILE, or --producer and --consumer): DIR/producer-app.yml and DIR/consumer-app.yml,",
            "with the labels the dashboards select by. Point --out at the targets/ folder next to",
            "prometheus.yml: Prometheus reads the new files by itself. Names given with dns+ are resolved now."
        })
final class TargetsCommand extends LabCommand {

    @Mixin
    WorkerArgs apps = new WorkerArgs();

    @Option(
            names = "--out",
            paramLabel = "DIR",
            required = true,
            description = "the folder to write producer-app.yml and consumer-app.yml into (each replaced whole)")
    Path outDir;

    TargetsCommand(PrintStream out, PrintStream err, Path cwd) {
        super(out, err, cwd);
    }

    @Override
    public Integer call() {
        Workers workers = apps.workers(cwd);
        Path dir = cwd.resolve(outDir);
        try {
            for (Path written : PrometheusTargets.write(dir, workers)) {
                out.println("wrote " + written);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the targets into " + dir + ": " + e.getMessage(), e);
        }
        out.printf(
                "%d producer-app and %d consumer-app instance(s)%n",
                workers.producers().size(), workers.consumers().size());
        return ExitCodes.OK;
    }
}
