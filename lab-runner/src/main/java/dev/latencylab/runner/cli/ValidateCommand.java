package dev.latencylab.runner.cli;

import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.TimingOverride;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code validate <file>...}: checks scenario files and prints the phases a run would go through. */
@Command(name = "validate", description = "Check scenario files and print the phases a run would go through.")
final class ValidateCommand extends LabCommand {

    @Parameters(
            arity = "1..*",
            paramLabel = "SCENARIO",
            description =
                    "scenario files (.yaml), or OpenMessaging Benchmark workloads (checked as import-omb maps them)")
    List<String> files;

    @Mixin
    OmbDriverArgs ombDriver = new OmbDriverArgs();

    @Mixin
    TimingArgs timingArgs = new TimingArgs();

    @Mixin
    OrderArgs orderArgs = new OrderArgs();

    ValidateCommand(PrintStream out, PrintStream err, Path cwd) {
        super(out, err, cwd);
    }

    @Override
    public Integer call() {
        TimingOverride timing = timingArgs.override();
        int code = ExitCodes.OK;
        for (String file : files) {
            try {
                Scenario s = ScenarioFiles.load(cwd, file, ombDriver.file, err).withTiming(timing);
                PhaseListing.print(out, file, s, RunPlan.of(s, orderArgs.seed()), orderArgs.seed != null);
            } catch (ScenarioException e) {
                e.problems().forEach(err::println);
                code = ExitCodes.USAGE;
            }
        }
        return code;
    }
}
