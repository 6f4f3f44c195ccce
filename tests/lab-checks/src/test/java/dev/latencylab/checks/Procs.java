package dev.latencylab.checks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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

    /**
     * A sleep whose command line names {@code labDir} (its program is a link there), as the command line of every
     * process the lab starts names its checkout or its .lab: procs.sh signals no other.
     */
    static Process labSleep(Path labDir) throws IOException {
        return new ProcessBuilder(sleepInLab(labDir).toString(), "120").start();
    }

    /** A link to sleep in {@code labDir}: a command line that runs it names the folder. */
    static Path sleepInLab(Path labDir) throws IOException {
        Path sleep = labDir.resolve("sleep");
        if (!Files.exists(sleep, LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(sleep, Path.of("/bin/sleep"));
        }
        return sleep;
    }

    /** A pid file as procs.sh's record_pid writes one: "<pid> <start time>", then the command line as it runs. */
    static void pidFile(Path file, long pid) throws IOException {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        content.writeBytes((pid + " " + startTime(pid) + "\n").getBytes(StandardCharsets.US_ASCII));
        content.writeBytes(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")));
        Files.write(file, content.toByteArray());
    }
}
