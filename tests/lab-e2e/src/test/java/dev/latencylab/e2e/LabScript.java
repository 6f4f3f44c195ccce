package dev.latencylab.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code scripts/lab} the way a user does, from the repository root, with a bound on every
 * call. Output goes to a log file per call (never a pipe a chatty command could fill and block on),
 * so a failed step can be read afterwards under tests/lab-e2e/target/e2e/.
 */
final class LabScript {

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
    record Result(String command, Integer exitCode, String output, Path log, Instant started, Instant ended) {

        boolean ok() {
            return exitCode != null && exitCode == 0;
        }

        /** The last lines of the output, for assertion messages. */
        String tail(int lines) {
            List<String> all = output.lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        }

        String describe() {
            return command + (exitCode == null ? " was killed after its time limit" : " exited " + exitCode) + " (log "
                    + log + "); last lines:\n" + tail(40);
        }
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
            return new Result(String.join(" ", command), exit, Files.readString(log), log, started, ended);
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }
}
