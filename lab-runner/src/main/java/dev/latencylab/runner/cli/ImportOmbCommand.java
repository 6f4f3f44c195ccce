package dev.latencylab.runner.cli;

import dev.latencylab.runner.omb.OmbImport;
import dev.latencylab.runner.omb.OmbRefusedException;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.scenario.ScenarioSchema;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code import-omb <workload.yaml> [--driver FILE] [--out FILE]}: an OpenMessaging Benchmark workload as a lab
 * scenario, every field that does not map named on standard error; exit 2 when refused.
 */
@Command(
        name = "import-omb",
        description = {
            "Turn an OpenMessaging Benchmark workload file into a lab scenario of one phase.",
            "What maps is mapped (topics x partitionsPerTopic, messageSize, producerRate (0: rate max),"
                    + " producersPerTopic, keyDistributor, consumerBacklogSizeGB, testDurationMinutes,"
                    + " warmupDurationMinutes; with --driver, the driver file's client and topic properties); every field that does not is named, one line each; a workload"
                    + " the scenario would misrepresent (several subscriptions, a rising rate, records under the"
                    + " lab's smallest) is refused with the reason (exit 2)."
        })
final class ImportOmbCommand extends LabCommand {

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "an OMB workload file (.yaml)")
    String workload;

    @Mixin
    OmbDriverArgs ombDriver = new OmbDriverArgs();

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "write the scenario there (default: standard output); run it with run FILE")
    String outFile;

    ImportOmbCommand(PrintStream out, PrintStream err, Path cwd) {
        super(out, err, cwd);
    }

    @Override
    public Integer call() {
        String driver = ombDriver.file;
        OmbImport.Imported imported;
        try {
            imported = OmbImport.convert(workload, read(workload), driver, driver == null ? null : read(driver));
        } catch (OmbRefusedException e) {
            e.reasons().forEach(r -> err.println("refused: " + r));
            return ExitCodes.USAGE;
        }
        imported.notMapped().forEach(n -> err.println("not mapped: " + n));
        // The scenario is checked as run would check it: never a file the loader refuses.
        try {
            new ScenarioLoader(cwd)
                    .parse(workload + (driver == null ? "" : " with " + driver), imported.name(), imported.yaml());
        } catch (ScenarioException e) {
            e.problems().forEach(p -> err.println("refused: " + p));
            return ExitCodes.USAGE;
        }
        // Standard output is taken to land in the working folder (scripts/lab runs from the repository's root).
        Path target = cwd.resolve(outFile == null ? "imported.yaml" : outFile);
        String scenario = ScenarioSchema.header(target, cwd) + "\n" + imported.yaml();
        if (outFile == null) {
            out.print(scenario);
            return ExitCodes.OK;
        }
        try {
            Files.writeString(target, scenario);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
        out.println(
                "Scenario " + imported.name() + " written to " + outFile + "; run it with: scripts/lab run " + outFile);
        return ExitCodes.OK;
    }

    private String read(String given) {
        try {
            return ScenarioFiles.read(cwd.resolve(given));
        } catch (ScenarioException e) {
            throw new UsageException(String.join("; ", e.problems()));
        }
    }
}
