package dev.latencylab.runner.run;

import static dev.latencylab.runner.run.ConsoleFormat.number;

import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.runner.apps.NetworkClient;
import dev.latencylab.runner.scenario.Phase;
import java.util.Locale;

/** What a phase runs on, set before its load starts: the apps, the delay wire, and its own topic. */
public final class PhaseStack {

    private final RunContext run;
    private final PhaseTopics topics;

    PhaseStack(RunContext run, PhaseTopics topics) {
        this.run = run;
        this.topics = topics;
    }

    /**
     * Sets what the phase runs on ({@link #apply}) and, when it writes a topic of its own, creates
     * it ({@link PhaseTopics#prepare}, which stops the load and waits for the consumer first).
     * Whether it created one: a phase on the lab topic that needs a quiet start stops the load itself.
     */
    public boolean setUp(PhaseTracker t) throws InterruptedException {
        apply(t.phase);
        if (!PhaseTopics.ownTopic(t.phase)) {
            return false;
        }
        topics.prepare(t);
        return true;
    }

    /**
     * What the phase runs on, before its load starts: how many producer-app instances, the round
     * trip the delay wire adds, and the consumer settings (a change of listener, fetch or commit
     * settings restarts the consumer, which must not fall inside a measured window).
     */
    private void apply(Phase phase) throws InterruptedException {
        int producers = phase.producers() != null
                ? phase.producers()
                : run.producer.endpoints().size();
        if (producers != run.producer.active()) {
            run.producer.use(producers);
            run.out.printf(
                    Locale.ROOT,
                    "  producers: %d of %d producer-app instances%n",
                    producers,
                    run.producer.endpoints().size());
        }
        if (phase.network() != null) {
            NetworkClient.NetworkState now = run.network.apply(phase.network());
            run.out.printf(
                    Locale.ROOT,
                    "  network: %s ms round trip added (%s), receive buffer %s%n",
                    number(now.rttMs()),
                    now.mechanism(),
                    now.receiveBufferBytes() < 0 ? "tuned by the kernel" : now.receiveBufferBytes() + " B");
        }
        if (phase.consumer() == null) {
            return;
        }
        ConsumerStatus now = run.consumer.apply(ConsumerChange.to(phase.consumer()));
        run.out.println("  consumer: " + now.summary());
    }
}
