package dev.latencylab.runner.cli;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.grafana.DashboardException;
import java.io.UncheckedIOException;
import picocli.CommandLine;

/**
 * The runner's one exit-code convention, which scripts/lab keeps for its own errors too (lab-runner/README.md):
 * 0 done, 1 a part failed or the run was interrupted, 2 a wrong command line or scenario, 3 diff's --fail-on
 * threshold crossed.
 */
final class ExitCodes implements CommandLine.IExitCodeExceptionMapper {

    static final int OK = CommandLine.ExitCode.OK;
    static final int FAILED = 1;
    static final int USAGE = CommandLine.ExitCode.USAGE;
    static final int THRESHOLD_CROSSED = 3;

    @Override
    public int getExitCode(Throwable exception) {
        return exception instanceof UsageException || exception instanceof CommandLine.ParameterException
                ? USAGE
                : FAILED;
    }

    /** A failure the user can act on from its message alone; anything else is a bug and keeps its stack trace. */
    static boolean expected(Throwable exception) {
        return exception instanceof UsageException
                || exception instanceof EndpointException
                || exception instanceof UncheckedIOException
                || exception instanceof DashboardException
                || exception instanceof InterruptedException;
    }
}
