package dev.latencylab.runner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;

/**
 * What every command shares: {@code --help} and {@code --version}, the streams and folder it works in, and its
 * command line checked in full before it runs (a wrong one is a {@link UsageException}, exit 2).
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Commands.Version.class)
abstract class LabCommand {

    /** Where the command's report goes; {@code run --json} turns it to standard error. */
    PrintStream out;

    final PrintStream err;
    final Path cwd;

    LabCommand(PrintStream out, PrintStream err, Path cwd) {
        this.out = out;
        this.err = err;
        this.cwd = cwd;
    }

    /** Fills the options from {@code argv} and runs the command; 0 after printing the help asked for. */
    int execute(List<String> argv) throws InterruptedException {
        return Commands.parse(this, argv, out) ? run(argv) : 0;
    }

    /** The command itself, its options filled; returns the exit code. */
    abstract int run(List<String> argv) throws InterruptedException;

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
