package dev.latencylab.runner.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link ToolRunner} with {@link ProcessBuilder}: output to a file, a time limit, and a clean stop. */
public final class ProcessToolRunner implements ToolRunner {

    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private volatile Process current;

    @Override
    public ToolRun run(List<String> command, Duration timeout, Path log) throws InterruptedException {
        long start = System.nanoTime();
        Process p;
        try {
            Files.createDirectories(log.getParent());
            p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command.get(0) + ": " + e.getMessage(), e);
        }
        current = p;
        Integer exit = null;
        try {
            if (p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                exit = p.exitValue();
            } else {
                stop(p);
            }
        } catch (InterruptedException e) {
            stop(p);
            throw e;
        } finally {
            current = null;
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        try {
            return new ToolRun(command, exit, Files.readString(log, StandardCharsets.UTF_8), elapsed, log);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the output of " + command.get(0) + " in " + log, e);
        }
    }

    @Override
    public void stopRunning() {
        Process p = current;
        if (p != null) {
            stop(p);
        }
    }

    /** SIGTERM first, so the JVM runs its shutdown hooks (the producer closes); SIGKILL if it lingers. */
    private static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
