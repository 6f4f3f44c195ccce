package dev.latencylab.runner.cli;

import dev.latencylab.runner.omb.OmbImport;
import dev.latencylab.runner.omb.OmbRefusedException;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The scenario a file given to run or validate stands for: a lab scenario as the loader reads it,
 * or an OpenMessaging Benchmark workload imported as {@code import-omb} would write it (with the OMB
 * Kafka driver file given, if any), what did not map named on {@code err} before anything runs.
 */
final class ScenarioFiles {

    private ScenarioFiles() {}

    /**
     * @param driver an OMB Kafka driver file to map a workload with (null: none); given with a lab
     *     scenario, a problem
     * @throws ScenarioException when the loader refuses the scenario, or the import refuses the workload
     */
    static Scenario load(Path cwd, String file, String driver, PrintStream err) {
        Path path = cwd.resolve(file);
        String text = read(path);
        if (!OmbImport.isWorkload(text)) {
            if (driver != null) {
                throw new ScenarioException(List.of(file + ": --driver " + driver + " maps an OpenMessaging Benchmark"
                        + " workload, and this is a lab scenario: give Kafka properties in its producerConfig and"
                        + " consumerConfig"));
            }
            return new ScenarioLoader(cwd).load(path);
        }
        OmbImport.Imported imported;
        try {
            imported = OmbImport.convert(file, text, driver, driver == null ? null : read(cwd.resolve(driver)));
        } catch (OmbRefusedException e) {
            throw new ScenarioException(e.reasons());
        }
        String command = "import-omb " + file + (driver == null ? "" : " --driver " + driver);
        err.println(file + ": an OpenMessaging Benchmark workload, run as the scenario '" + command + "' writes:");
        imported.notMapped().forEach(n -> err.println("  not mapped: " + n));
        return new ScenarioLoader(cwd)
                .parse(file + (driver == null ? "" : " with " + driver), imported.name(), imported.yaml());
    }

    /** The file's text, or a {@link ScenarioException} that says why there is none ("no such file"). */
    static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(List.of(path + ": no such file"));
        } catch (IOException e) {
            throw new ScenarioException(List.of(path + ": cannot read the file (" + e.getMessage() + ")"));
        }
    }
}
