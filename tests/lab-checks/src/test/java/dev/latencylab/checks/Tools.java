package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the external checkers (promtool, yamllint, ...) the way a user would, with a timeout. */
final class Tools {

    static final String SETUP_HINT = "install it with scripts/lab setup";

    private Tools() {}

    /** Fails the test with the setup hint when a tool is not on PATH; returns its path otherwise. */
    static Path require(String tool, String debianPackage) {
        String pathVariable = System.getenv().getOrDefault("PATH", "");
        for (String dir : pathVariable.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, tool);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return fail("'%s' (%s) is not on PATH: %s", tool, debianPackage, SETUP_HINT);
    }

    static Result run(Duration timeout, Path workDir, List<String> command) {
        return run(timeout, workDir, Map.of(), command);
    }

    /**
     * Output (stdout and stderr together) goes to a file rather than a pipe, so a chatty tool can never
     * block on a full pipe while we wait for it.
     */
    static Result run(Duration timeout, Path workDir, Map<String, String> extraEnv, List<String> command) {
        try {
            Path log = Files.createTempFile("lab-checks-", ".log");
            try {
                ProcessBuilder builder = new ProcessBuilder(command)
                        .directory(workDir.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile());
                builder.environment().putAll(extraEnv);
                Process process = builder.start();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    return fail(
                            "%s did not finish within %s; output so far:%n%s",
                            String.join(" ", command), timeout, Files.readString(log));
                }
                return new Result(String.join(" ", command), process.exitValue(), Files.readString(log));
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    record Result(String command, int exitCode, String output) {

        boolean ok() {
            return exitCode == 0;
        }

        /** For assertion messages: what ran, how it ended, what it said. */
        String describe() {
            return "$ " + command + "\nexit code " + exitCode + "\n" + output;
        }
    }
}
