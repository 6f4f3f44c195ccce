package dev.latencylab.checks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Processes as scripts/lib/procs.sh sees them. */
final class Procs {

    private Procs() {}

    /** Field 22 of /proc/<pid>/stat (the start time in clock ticks since boot), as procs.sh reads it. */
    static String startTime(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return fields[19];
    }
}
