package dev.latencylab.runner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every command shares: {@code --help} and {@code --version}, the streams and folder it works in. picocli
 * fills its options and calls it; a wrong command line found after parsing is a {@link UsageException} (exit 2).
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Commands.Version.class)
abstract class LabCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Where the command's report goes; {@code run --json} turns it to standard error. */
    PrintStream out;

    final PrintStream err;
    final Path cwd;

    LabCommand(PrintStream out, PrintStream err, Path cwd) {
        this.out = out;
        this.err = err;
        this.cwd = cwd;
    }

    /** The command itself, its options filled; returns the exit code ({@link ExitCodes}). */
    @Override
    public abstract Integer call() throws InterruptedException;

    /** The words given after the command's name, as typed. */
    List<String> args() {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        // Under lab-runner, picocli keeps every word of the command line, the command's name among them.
        return spec.parent() == null ? all : all.subList(all.indexOf(spec.name()) + 1, all.size());
    }

    /**
     * Ctrl-C while a command measures: the hook asks for the stop and waits (bounded) until {@link #close()} says
     * that what was measured is written, since the JVM exits as soon as the hook returns.
     */
    static final class CtrlC implements AutoCloseable {

        private final CountDownLatch written = new CountDownLatch(1);
        private final Runnable stop;
        private final Duration wait;
        private final Runnable gaveUp;
        private final Thread hook;

        /** No hook when {@code install} is false (tests): the JVM's is shared by every test. */
        CtrlC(boolean install, String name, Runnable stop, Duration wait, Runnable gaveUp) {
            this.stop = stop;
            this.wait = wait;
            this.gaveUp = gaveUp;
            hook = install ? new Thread(this::interrupted, name) : null;
            if (hook != null) {
                Runtime.getRuntime().addShutdownHook(hook);
            }
        }

        /** The hook's work: ask for the stop, then wait until the results are written or the wait is over. */
        void interrupted() {
            stop.run();
            try {
                if (!written.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                    gaveUp.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            written.countDown();
            if (hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // already shutting down: the hook is running and waits for 'written'
                }
            }
        }
    }
}
