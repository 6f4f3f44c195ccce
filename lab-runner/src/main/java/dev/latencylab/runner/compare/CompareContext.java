package dev.latencylab.runner.compare;

import dev.latencylab.runner.run.RunAbort;
import dev.latencylab.runner.scenario.Durations;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every step of a comparison works with: its settings, the lab's apps, Kafka's tools and the folder of their
 * output, the console; and the abort a Ctrl-C requests, which a step notices between its parts.
 */
final class CompareContext {

    final CompareSettings settings;
    final LabDriver lab;
    final KafkaTools tools;
    final ToolRunner runner;
    final PrintStream out;

    /** Asked for by the Ctrl-C hook; a step checks it between its parts. */
    final RunAbort abort = new RunAbort();

    /** Where the stack's processes and their threads are listed: /proc, a folder of its shape in tests. */
    Path proc = Path.of("/proc");

    private final Path toolLogDir;
    private final AtomicInteger nextLog = new AtomicInteger(1);
    private Path toolPayload;

    CompareContext(
            CompareSettings settings,
            LabDriver lab,
            KafkaTools tools,
            ToolRunner runner,
            Path toolLogDir,
            PrintStream out) {
        this.settings = settings;
        this.lab = lab;
        this.tools = tools;
        this.runner = runner;
        this.toolLogDir = toolLogDir;
        this.out = out;
    }

    /** The value ProducerPerformance sends, written once into the tools' folder. */
    synchronized Path toolPayload() {
        if (toolPayload == null) {
            toolPayload = ToolPayload.write(toolLogDir.resolve("payload.txt"), CompareSettings.RECORD_BYTES);
        }
        return toolPayload;
    }

    /** A numbered file for a tool's output (tools/01-topic-describe.txt, ...), in run order. */
    Path toolLog(String name) {
        return toolLogDir.resolve(String.format("%02d-%s.txt", nextLog.getAndIncrement(), name));
    }

    void awaitConsumer(String when, List<String> warnings) throws InterruptedException {
        if (!lab.awaitConsumer(settings.drainTimeout())) {
            String w = "the consumer-app had not read everything " + when + " after "
                    + Durations.format(settings.drainTimeout()) + "; what followed shared the CPU with its catching up";
            warnings.add(w);
            out.println("WARNING: " + w);
        }
    }

    /**
     * After a window read under phases of its own: waits for the consumer-app to read the rest, then lets go of
     * every phase through {@code throughPhase}, as a scenario run does once it stored a phase. A phase kept
     * would be exported at each of Prometheus' scrapes for the rest of the run, and the consumer-app's CPU in
     * the next windows would pay for it where a run's would not.
     */
    void awaitConsumerAndRelease(String when, int throughPhase, List<String> warnings) throws InterruptedException {
        awaitConsumer(when, warnings);
        lab.release(throughPhase);
    }

    /** /proc where the context says it is (a folder of its shape in tests). */
    ProcCpu procCpu() {
        return new ProcCpu(proc);
    }

    /** The local brokers, among the processes scripts/lab started; none elsewhere. */
    List<Long> brokerPids() {
        return procCpu().commandContains(settings.stackPids(), CpuWindow.BROKER_MAIN_CLASS);
    }

    /** How a measured window is laid out, as every step announces it. */
    String window() {
        return "warm-up " + Durations.format(settings.warmup()) + ", measure " + Durations.format(settings.duration());
    }
}
