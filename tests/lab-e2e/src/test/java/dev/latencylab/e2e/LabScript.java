package dev.latencylab.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs {@code scripts/lab} the way a user does, from the repository root, with a bound on every
 * call. Output goes to a log file per call (never a pipe a chatty command could fill and block on),
 * so a failed step can be read afterwards under tests/lab-e2e/target/e2e/.
 */
final class LabScript {

    private static final int WARNINGS_PER_APP = 20;
    private static final int WARNING_CHARS = 400;

    private final Path root;
    private final Path logDir;
    private final Map<String, String> env;
    private int calls;

    LabScript(Path root, Path logDir, Map<String, String> env) {
        this.root = root;
        this.logDir = logDir;
        this.env = Map.copyOf(env);
    }

    /** What one call did: its command line, exit code (null when it was killed), output and timing. */
    record Result(
            String command,
            Integer exitCode,
            String output,
            Path log,
            Instant started,
            Instant ended,
            String appWarnings) {

        boolean ok() {
            return exitCode != null && exitCode == 0;
        }

        /** The last lines of the output, for assertion messages. */
        String tail(int lines) {
            return String.join("\n", last(output.lines().toList(), lines));
        }

        String describe() {
            return command + (exitCode == null ? " was killed after its time limit" : " exited " + exitCode) + " (log "
                    + log + "); last lines:\n" + tail(40) + appWarnings;
        }
    }

    /**
     * The apps' last warnings in the lab's logs: CI keeps no LAB_DIR, so a failure that shows only on
     * CI (a producer's flush stuck on a broker's refusal, say) is read from the test's message.
     */
    private String appWarnings() throws IOException {
        Path logs = Path.of(env.getOrDefault("LAB_DIR", root.resolve(".lab").toString()))
                .resolve("logs");
        if (!Files.isDirectory(logs)) {
            return "";
        }
        StringBuilder found = new StringBuilder();
        try (Stream<Path> files = Files.list(logs)) {
            for (Path f : files.filter(LabScript::appLog).sorted().toList()) {
                List<String> warnings;
                // Latin-1 reads any byte: a log cut mid-character must not hide the rest.
                try (Stream<String> lines = Files.lines(f, StandardCharsets.ISO_8859_1)) {
                    warnings = lines.filter(l -> l.contains(" WARN ") || l.contains(" ERROR "))
                            .map(LabScript::shortWarning)
                            .toList();
                }
                if (!warnings.isEmpty()) {
                    found.append("\n")
                            .append(f.getFileName())
                            .append(", last of its ")
                            .append(warnings.size())
                            .append(" warnings:\n")
                            .append(String.join("\n", last(warnings, WARNINGS_PER_APP)));
                }
            }
        }
        return found.isEmpty() ? "" : "\nthe apps' warnings (" + logs + "):" + found;
    }

    private static List<String> last(List<String> lines, int n) {
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }

    /** Its time, level and message: Spring's pid, app, thread and logger columns say nothing new here. */
    private static String shortWarning(String line) {
        int message = line.indexOf(" : ");
        int level = Math.max(line.indexOf(" WARN "), line.indexOf(" ERROR "));
        String time = line.substring(0, Math.max(0, line.indexOf(' ')));
        String text = message > level
                ? time + line.substring(level, line.indexOf(' ', level + 2)) + ":" + line.substring(message + 2)
                : line;
        return text.length() > WARNING_CHARS ? text.substring(0, WARNING_CHARS) + "..." : text;
    }

    private static boolean appLog(Path f) {
        String name = f.getFileName().toString();
        return (name.startsWith("producer-app") || name.startsWith("consumer-app")) && name.contains(".out");
    }

    Result run(Duration timeout, String... args) {
        List<String> command = new ArrayList<>();
        command.add(root.resolve("scripts/lab").toString());
        command.addAll(List.of(args));
        String name = String.format("%02d-%s.log", ++calls, args[0]);
        Path log = logDir.resolve(name);
        try {
            Files.createDirectories(logDir);
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(root.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().putAll(env);
            Instant started = Instant.now();
            Process process = builder.start();
            Integer exit = null;
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                exit = process.exitValue();
            } else {
                // The command and what it started and still owns (the runner JVM under 'sweep').
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            Instant ended = Instant.now();
            // Where an end-to-end test's minutes go, in CI's log: each call's wall time.
            System.out.printf(
                    "lab-e2e: scripts/lab %s: %s after %.1f s%n",
                    String.join(" ", args),
                    exit == null ? "killed" : "exit " + exit,
                    Duration.between(started, ended).toMillis() / 1000.0);
            return new Result(
                    String.join(" ", command),
                    exit,
                    Files.readString(log),
                    log,
                    started,
                    ended,
                    exit != null && exit == 0 ? "" : appWarnings());
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }
}
