package dev.latencylab.runner.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * How a failed command line or command is told: "error: " and the reason, then for a wrong command line the
 * usage of the command it was meant for; the exit code is {@link ExitCodes}'.
 */
final class Errors implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        // At the top level an unmatched word is a command name mistyped: picocli would call it an "argument".
        if (e instanceof CommandLine.UnmatchedArgumentException u
                && !cl.getSubcommands().isEmpty()
                && !u.getUnmatched().isEmpty()
                && !u.getUnmatched().get(0).startsWith("-")) {
            err.println("error: unknown command '" + u.getUnmatched().get(0) + "'");
            CommandLine.UnmatchedArgumentException.printSuggestions(u, err);
        } else {
            err.println("error: " + e.getMessage());
        }
        err.println();
        cl.usage(err);
        return cl.getExitCodeExceptionMapper().getExitCode(e);
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) throws Exception {
        if (!ExitCodes.expected(e)) {
            throw e;
        }
        PrintWriter err = cl.getErr();
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            err.println("interrupted");
        } else {
            err.println("error: " + e.getMessage());
        }
        if (e instanceof UsageException) {
            err.println();
            cl.usage(err);
        }
        return cl.getExitCodeExceptionMapper().getExitCode(e);
    }
}
