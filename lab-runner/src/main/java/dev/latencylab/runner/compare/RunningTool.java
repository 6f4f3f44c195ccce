package dev.latencylab.runner.compare;

import java.time.Duration;
import java.util.Optional;

/** A tool started in the background, running beside the lab's load until it is stopped. */
interface RunningTool {

    /**
     * CPU time the process has used so far, user and system, as the kernel counts it
     * (/proc/&lt;pid&gt;/stat on Linux); empty where the platform does not tell.
     */
    Optional<Duration> cpu();

    boolean alive();

    /** Its process id, where /proc tells its threads' CPU time. */
    long pid();

    /** Stops it (SIGTERM, then SIGKILL) if it still runs, and returns what it printed. */
    ToolRun stop() throws InterruptedException;
}
