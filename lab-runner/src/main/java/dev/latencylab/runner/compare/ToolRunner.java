package dev.latencylab.runner.compare;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Runs one of Kafka's tools as a child process; a seam so the comparison is tested without JVMs. */
public interface ToolRunner {

    /**
     * Runs {@code command} to its end or until {@code timeout} (then stops it), writing its output to
     * {@code log} as it goes.
     */
    ToolRun run(List<String> command, Duration timeout, Path log) throws InterruptedException;

    /** Starts {@code command} in the background, its output to {@code log}; stop it with {@link RunningTool#stop()}. */
    RunningTool start(List<String> command, Path log);

    /** Stops every child that is still running (Ctrl-C of the runner); no-op when none is. */
    void stopRunning();
}
