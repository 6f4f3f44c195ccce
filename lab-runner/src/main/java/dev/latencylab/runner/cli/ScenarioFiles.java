package dev.latencylab.runner.cli;

import dev.latencylab.runner.omb.OmbImport;
import dev.latencylab.runner.omb.OmbRefusedException;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The scenario a file given to run or validate stands for: a lab scenario as the loader reads it,
 * or an OpenMessaging Benchmark workload imported as {@code import-omb} would write it, what did not
 * map named on {@code err} before anything runs.
 */
final class ScenarioFiles {

    private ScenarioFiles() {}

    /** @throws ScenarioException when the loader refuses the scenario, or the import refuses the workload */
    static Scenario load(Path cwd, String file, PrintStream err) {
        Path path = cwd.resolve(file);
        String text;
        try {
            text = Files.readString(path);
        } catch (IOException e) {
            throw new ScenarioException(List.of(path + ": cannot read the file (" + e.getMessage() + ")"));
        }
        if (!OmbImport.isWorkload(text)) {
            return new ScenarioLoader(cwd).load(path);
        }
        OmbImport.Imported imported;
        try {
            imported = OmbImport.convert(file, text);
        } catch (OmbRefusedException e) {
            throw new ScenarioException(e.reasons());
        }
        err.println(
                file + ": an OpenMessaging Benchmark workload, run as the scenario 'import-omb " + file + "' writes:");
        imported.notMapped().forEach(n -> err.println("  not mapped: " + n));
        return new ScenarioLoader(cwd).parse(file, imported.name(), imported.yaml());
    }
}
