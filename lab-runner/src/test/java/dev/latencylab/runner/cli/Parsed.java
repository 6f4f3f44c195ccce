package dev.latencylab.runner.cli;

import java.util.List;
import picocli.CommandLine;

/**
 * One command driven alone, as tests build it with fakes: its command line parsed as lab-runner parses it, a
 * wrong one thrown as a {@link UsageException} (and one found while it runs thrown as it is), so a test sees
 * the reason itself rather than the exit code {@link Errors} makes of it.
 */
final class Parsed {

    private Parsed() {}

    static int execute(LabCommand command, List<String> argv) throws InterruptedException {
        CommandLine cl = parse(command, argv);
        Integer help = CommandLine.executeHelpRequest(cl.getParseResult());
        return help != null ? help : command.call();
    }

    /** The command's options filled from {@code argv}, nothing run. */
    static CommandLine parse(LabCommand command, List<String> argv) {
        CommandLine cl = Commands.wired(new CommandLine(command), command.out, command.err);
        try {
            cl.parseArgs(argv.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new UsageException(e.getMessage());
        }
        return cl;
    }
}
