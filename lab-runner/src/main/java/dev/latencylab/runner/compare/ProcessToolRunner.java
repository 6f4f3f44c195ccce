package dev.latencylab.runner.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** {@link ToolRunner} with {@link ProcessBuilder}: output to a file, a time limit, and a clean stop. */
public final class ProcessToolRunner implements ToolRunner {

    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private volatile Process current;
    private final Set<Process> background = ConcurrentHashMap.newKeySet();

    @Override
    public ToolRun run(List<String> command, Duration timeout, Path log) throws InterruptedException {
        long start = System.nanoTime();
        Process p = launch(command, log);
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
        return finished(command, exit, start, log);
    }

    private static Process launch(List<String> command, Path log) {
        try {
            Files.createDirectories(log.getParent());
            return new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command.get(0) + ": " + e.getMessage(), e);
        }
    }

    private static ToolRun finished(List<String> command, Integer exit, long startNanos, Path log) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        try {
            return new ToolRun(command, exit, Files.readString(log, StandardCharsets.UTF_8), elapsed, log);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the output of " + command.get(0) + " in " + log, e);
        }
    }

    @Override
    public RunningTool start(List<String> command, Path log) {
        Process p = launch(command, log);
        background.add(p);
        long start = System.nanoTime();
        return new RunningTool() {
            @Override
            public Optional<Duration> cpu() {
                return p.info().totalCpuDuration();
            }

            @Override
            public boolean alive() {
                return p.isAlive();
            }

            @Override
            public long pid() {
                return p.pid();
            }

            @Override
            public ToolRun stop() {
                Integer exit = p.isAlive() ? null : p.exitValue();
                ProcessToolRunner.stop(p);
                background.remove(p);
                return finished(command, exit, start, log);
            }
        };
    }

    @Override
    public void stopRunning() {
        Process p = current;
        if (p != null) {
            stop(p);
        }
        background.forEach(ProcessToolRunner::stop);
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
