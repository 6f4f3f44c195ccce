package dev.latencylab.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The lab's processes as Linux sees them: the pid files scripts/lab writes (".lab/pids/NAME.pid",
 * "PID START_TIME") and /proc. A pid counts as the lab's process only while its start time still
 * matches, so a recycled pid is never mistaken for a survivor.
 */
final class LabProcesses {

    private LabProcesses() {}

    /** A process the lab started: its name, pid and start time (field 22 of /proc/PID/stat). */
    record Started(String name, long pid, String startTime) {

        boolean alive() {
            return LabProcesses.startTime(pid).map(startTime::equals).orElse(false);
        }
    }

    /** A running process and its command line (arguments joined by spaces). */
    record Running(long pid, String commandLine) {}

    /** Every pid file under {@code pidDir}, by name. */
    static Map<String, Started> fromPidFiles(Path pidDir) throws IOException {
        Map<String, Started> started = new LinkedHashMap<>();
        if (!Files.isDirectory(pidDir)) {
            return started;
        }
        try (Stream<Path> files = Files.list(pidDir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".pid"))
                    .sorted()
                    .toList()) {
                String name = f.getFileName().toString().replaceFirst("\\.pid$", "");
                // "<pid> <start time>" on the first line; the command the lab started follows it.
                String[] fields = Files.readString(f)
                        .lines()
                        .findFirst()
                        .orElse("")
                        .trim()
                        .split("\\s+");
                if (fields.length == 2 && fields[0].matches("[0-9]+")) {
                    started.put(name, new Started(name, Long.parseLong(fields[0]), fields[1]));
                }
            }
        }
        return started;
    }

    static Optional<String> startTime(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // comm (field 2) may hold spaces and parentheses: count from its closing parenthesis.
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Optional.of(after[19]);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Running processes whose command line matches. */
    static List<Running> matching(Predicate<String> commandLine) {
        long self = ProcessHandle.current().pid();
        try (Stream<Path> proc = Files.list(Path.of("/proc"))) {
            return proc.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("[0-9]+"))
                    .map(Long::parseLong)
                    .filter(pid -> pid != self)
                    .flatMap(pid -> commandLine(pid).map(c -> new Running(pid, c)).stream())
                    .filter(r -> commandLine.test(r.commandLine()))
                    .sorted((a, b) -> Long.compare(a.pid(), b.pid()))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
    }

    static Set<Long> pids(List<Running> running) {
        return running.stream().map(Running::pid).collect(Collectors.toSet());
    }

    private static Optional<String> commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            String c =
                    new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').trim();
            return c.isEmpty() ? Optional.empty() : Optional.of(c);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // gone meanwhile, or not ours to read
        }
    }
}
