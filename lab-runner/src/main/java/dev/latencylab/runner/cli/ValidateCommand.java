package dev.latencylab.runner.cli;

import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.scenario.TimingOverride;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code validate <file>...}: checks scenario files and prints the phases a run would go through. */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        versionProvider = Commands.Version.class,
        description = "Check scenario files and print the phases a run would go through.")
final class ValidateCommand {

    @Parameters(arity = "1..*", paramLabel = "SCENARIO", description = "scenario files (.yaml)")
    List<String> files;

    @Mixin
    TimingArgs timingArgs = new TimingArgs();

    @Mixin
    OrderArgs orderArgs = new OrderArgs();

    private final PrintStream out;
    private final PrintStream err;
    private final Path cwd;

    public ValidateCommand(PrintStream out, PrintStream err, Path cwd) {
        this.out = out;
        this.err = err;
        this.cwd = cwd;
    }

    public int execute(List<String> argv) {
        if (!Commands.parse(this, argv, out)) {
            return 0;
        }
        TimingOverride timing = timingArgs.override();
        int code = 0;
        for (String file : files) {
            try {
                Scenario s = new ScenarioLoader().load(cwd.resolve(file)).withTiming(timing);
                PhaseListing.print(out, file, s, RunPlan.of(s, orderArgs.seed()), orderArgs.seed != null);
            } catch (ScenarioException e) {
                e.problems().forEach(err::println);
                code = 2;
            }
        }
        return code;
    }
}
