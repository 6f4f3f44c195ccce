package dev.latencylab.runner.compare;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One finished child process: its command line, exit code (null when it was stopped after its
 * time limit), everything it printed (stdout and stderr together, also kept in {@code log}) and
 * how long it ran.
 */
record ToolRun(List<String> command, Integer exitCode, String output, Duration elapsed, Path log) {

    public ToolRun {
        command = List.copyOf(command);
    }

    public boolean ok() {
        return exitCode != null && exitCode == 0;
    }

    /** The last lines of the output, to show why a run failed without flooding the terminal. */
    public String tail(int lines) {
        String[] all = output.strip().split("\\R");
        int from = Math.max(0, all.length - lines);
        return String.join(System.lineSeparator(), List.of(all).subList(from, all.length));
    }
}
