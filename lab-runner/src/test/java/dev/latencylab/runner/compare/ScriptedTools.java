package dev.latencylab.runner.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Kafka's tools played back: each main class answers with a captured real output (or a scripted
 * failure), and every command line is kept for assertions.
 */
final class ScriptedTools implements ToolRunner {

    private final Map<String, String> outputs;
    private final Map<String, Integer> exitCodes;
    final List<List<String>> commands = Collections.synchronizedList(new ArrayList<>());
    /** Told of every command as it runs, before it answers. */
    volatile java.util.function.Consumer<List<String>> watcher = c -> {};

    ScriptedTools(Map<String, String> outputs, Map<String, Integer> exitCodes) {
        this.outputs = outputs;
        this.exitCodes = exitCodes;
    }

    /** Every tool succeeds with what it printed here. */
    static ScriptedTools realOutputs(String producerPerformanceResource) {
        return new ScriptedTools(
                Map.of(
                        "--describe",
                        Resources.text("topic-describe-lab-orders.txt"),
                        "--create",
                        Resources.text("topic-create.txt"),
                        "--delete",
                        "",
                        KafkaTools.PRODUCER_PERFORMANCE,
                        Resources.text(producerPerformanceResource),
                        KafkaTools.END_TO_END_LATENCY,
                        Resources.text("end-to-end-latency.txt"),
                        KafkaTools.CONSUMER_PERFORMANCE,
                        Resources.text("consumer-performance.txt")),
                Map.of());
    }

    /** {@code key} succeeds with {@code output} instead. */
    ScriptedTools answering(String key, String output) {
        return failing(key, 0, output);
    }

    ScriptedTools failing(String key, int exitCode, String output) {
        Map<String, String> o = new java.util.HashMap<>(outputs);
        o.put(key, output);
        Map<String, Integer> e = new java.util.HashMap<>(exitCodes);
        e.put(key, exitCode);
        return new ScriptedTools(o, e);
    }

    @Override
    public ToolRun run(List<String> command, Duration timeout, Path log) {
        commands.add(List.copyOf(command));
        watcher.accept(command);
        String key = key(command);
        String output = outputs.get(key);
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // ProducerPerformance is stopped at its planned time, as the real runner does: no exit code.
        Integer exit = exitCodes.containsKey(key)
                ? exitCodes.get(key)
                : key.equals(KafkaTools.PRODUCER_PERFORMANCE) ? null : 0;
        return new ToolRun(command, exit, output, timeout, log);
    }

    private String key(List<String> command) {
        return command.contains(KafkaTools.TOPIC_COMMAND)
                ? command.stream()
                        .filter(a -> a.equals("--describe") || a.equals("--create") || a.equals("--delete"))
                        .findFirst()
                        .orElseThrow()
                : command.stream().filter(outputs::containsKey).findFirst().orElseThrow();
    }

    /**
     * Runs in the background as {@link #run} does at once: its CPU time grows by half a second each
     * time it is read, and its output is its key's when it is stopped. A tool given an exit code here
     * has exited on its own with it; any other runs until it is stopped.
     */
    @Override
    public RunningTool start(List<String> command, Path log) {
        ToolRun done = run(command, Duration.ZERO, log);
        Integer exited = exitCodes.get(key(command));
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        return new RunningTool() {
            @Override
            public java.util.Optional<Duration> cpu() {
                return java.util.Optional.of(Duration.ofMillis(500L * reads.incrementAndGet()));
            }

            @Override
            public boolean alive() {
                return exited == null;
            }

            /** No such process in the tests' /proc: its threads read as none. */
            @Override
            public long pid() {
                return 999_999_999L;
            }

            @Override
            public ToolRun stop() {
                return new ToolRun(done.command(), exited, done.output(), done.elapsed(), done.log());
            }
        };
    }

    @Override
    public void stopRunning() {}

    List<String> mainClasses() {
        List<String> names = new ArrayList<>();
        synchronized (commands) {
            for (List<String> c : commands) {
                String main = c.stream()
                        .filter(a -> a.startsWith("org.apache.kafka.tools."))
                        .findFirst()
                        .orElseThrow();
                String simple = main.substring(main.lastIndexOf('.') + 1);
                names.add(
                        simple.equals("TopicCommand")
                                ? simple + " "
                                        + c.stream()
                                                .filter(a -> a.matches("--(describe|create|delete)"))
                                                .findFirst()
                                                .orElseThrow()
                                : simple);
            }
        }
        return names;
    }
}
