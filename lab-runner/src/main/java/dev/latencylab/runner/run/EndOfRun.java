package dev.latencylab.runner.run;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.apps.Drained;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Scenario;
import java.util.List;

/**
 * The end of a run, full or cut short: the load stopped, the consumer's settings put back as they
 * were at the start (read then), and the consumer's final figures read. Each of these goes on past
 * a failure, which becomes a warning.
 */
final class EndOfRun {

    private final RunContext run;

    EndOfRun(RunContext run) {
        this.run = run;
    }

    /**
     * The consumer settings in effect before a run whose phases change them: the run puts them back
     * at its end, so the next run (a linger sweep after consumer-batching, say) measures the consumer
     * it expects, not the last phase's mode. Null when no phase changes them.
     */
    ConsumerSettings consumerToRestore(Scenario scenario) throws InterruptedException {
        if (scenario.phases().stream().noneMatch(p -> p.consumer() != null)) {
            return null;
        }
        return run.consumer.status().settings();
    }

    ProducerStatus stopLoad() {
        try {
            ProducerStatus s = run.producer.apply(SettingsChange.stop());
            run.out.println("load stopped (producer running=" + s.running() + ")");
            return s;
        } catch (EndpointException | InterruptedException e) {
            run.warn("could not stop the load: " + e.getMessage() + " (stop it with POST {\"running\":false} to "
                    + run.producer.endpoint() + ")");
            return null;
        }
    }

    void restoreConsumer(ConsumerSettings before) {
        if (before == null) {
            return;
        }
        try {
            ConsumerStatus now = run.consumer.apply(ConsumerChange.to(before));
            if (!now.consuming()) {
                run.consumer.consuming(true);
            }
            run.out.println("Consumer settings restored to those before the run: " + now.summary());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            run.addWarning("the consumer settings before the run were not restored (interrupted)");
        } catch (EndpointException e) {
            run.warn("the consumer settings before the run could not be restored: " + e.getMessage());
        }
    }

    /** Waits (bounded) until the consumer has received everything the producer sent. */
    LatencyView drain(ProducerStatus finalProducer) {
        // Not the run's abort-aware wait: a run cut short does not come here, and this one must finish.
        ConsumerWait wait = new ConsumerWait(run.consumer, run.clock, run.sleeper, run.options.drainPoll());
        try {
            List<ProducerStatus> producers = run.eachProducer(finalProducer);
            ConsumerWait.CaughtUp caught = wait.drained(producers, run.options.drainTimeout(), run.stoppedWindow());
            if (!caught.drained()) {
                LatencyView last = caught.last();
                run.warn("the consumer still had "
                        + (last.totals() == null ? "n/a" : last.totals().pending())
                        + " records pending after " + Durations.format(run.options.drainTimeout())
                        + Drained.failedSendsNote(producers) + "; totals are as of then");
            }
            return caught.last();
        } catch (EndpointException | InterruptedException e) {
            run.addWarning("could not wait for the consumer to catch up: " + e.getMessage());
            // What it holds now, if it still answers: the run's record keeps its totals.
            return latestConsumer();
        }
    }

    LatencyView latestConsumer() {
        try {
            return run.consumer.latency();
        } catch (EndpointException | InterruptedException e) {
            run.addWarning("could not read the consumer's totals: " + e.getMessage());
            return null;
        }
    }
}
