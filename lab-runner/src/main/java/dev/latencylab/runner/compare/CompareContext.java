package dev.latencylab.runner.compare;

import dev.latencylab.runner.run.RunAbort;
import dev.latencylab.runner.scenario.Durations;
import java.io.PrintStream;
import java.util.List;

/**
 * What every step of a comparison works with: its settings, the lab's apps, Kafka's tools and their
 * logs, the console; and the abort a Ctrl-C requests, which a step notices between its parts.
 */
final class CompareContext {

    final CompareSettings settings;
    final LabDriver lab;
    final KafkaTools tools;
    final ToolRunner runner;
    final ToolLogs logs;
    final PrintStream out;

    /** Asked for by the Ctrl-C hook; a step checks it between its parts. */
    final RunAbort abort = new RunAbort();

    CompareContext(
            CompareSettings settings,
            LabDriver lab,
            KafkaTools tools,
            ToolRunner runner,
            ToolLogs logs,
            PrintStream out) {
        this.settings = settings;
        this.lab = lab;
        this.tools = tools;
        this.runner = runner;
        this.logs = logs;
        this.out = out;
    }

    void awaitConsumer(String when, List<String> warnings) throws InterruptedException {
        if (!lab.awaitConsumer(settings.drainTimeout())) {
            String w = "the consumer-app had not read everything " + when + " after "
                    + Durations.format(settings.drainTimeout()) + "; what followed shared the CPU with its catching up";
            warnings.add(w);
            out.println("WARNING: " + w);
        }
    }

    /** How a measured window is laid out, as every step announces it. */
    String window() {
        return "warm-up " + Durations.format(settings.warmup()) + ", measure " + Durations.format(settings.duration());
    }
}
