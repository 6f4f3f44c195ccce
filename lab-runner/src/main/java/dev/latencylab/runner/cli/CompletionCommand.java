package dev.latencylab.runner.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code completion}: bash completion of every command and option, generated from the command line itself. */
@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        versionProvider = Commands.Version.class,
        description = {
            "Print a bash completion script for the runner's commands and their options:",
            "source <(java -jar lab-runner-exec.jar completion), or source <(scripts/lab completion)."
        })
final class CompletionCommand implements Callable<Integer> {

    @Option(
            names = "--name",
            paramLabel = "COMMAND",
            defaultValue = "lab-runner",
            description = "the command the script completes, as typed (its last path part; default ${DEFAULT-VALUE})")
    String name;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(AutoComplete.bash(name, spec.root().commandLine()));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
