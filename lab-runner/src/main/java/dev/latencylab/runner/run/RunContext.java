package dev.latencylab.runner.run;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.Drained;
import dev.latencylab.runner.apps.InstanceStatus;
import dev.latencylab.runner.apps.NetworkClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.clocks.ClockChecks;
import dev.latencylab.runner.clocks.ClockProbe;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.faults.FaultControls;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.topics.Topics;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What every step of a run works with: the apps, the topics, brokers and delay wire, the clock and
 * the console; the abort a sleep notices; the run's phase ids and its warnings.
 */
public final class RunContext {

    public final ProducerClient producer;
    public final ConsumerClient consumer;
    public final Topics topics;
    public final BrokerControl brokers;
    /** Kills, stops and (re)starts consumer-app instances for a phase's {@code consumer-N} steps. */
    public final BrokerControl consumers;
    /** The delay wire, for phases that set a round trip (null when none does). */
    public final NetworkClient network;

    public final Clock clock;
    public final Sleeper sleeper;
    public final PrintStream out;
    public final ScenarioRunner.Options options;

    /** Asked for by the Ctrl-C hook; every sleep notices it. */
    public final RunAbort abort = new RunAbort();

    /** Waits on the consumer-app whose every pause notices the abort. */
    public final ConsumerWait consumerWait;

    /** Every app's clock against the runner's, at each phase's start and end. */
    public final ClockChecks clocks;

    /** The last phase id given out: measured phases and search steps each have their own. */
    private int lastPhaseId;

    private int runFirstPhaseId;
    /** The run's last measured window that ended with the load stopped; null before one. */
    private Drained.StoppedWindow stoppedWindow;

    /** The run's warnings, in the order they arose: its record's. */
    private List<String> warnings = new ArrayList<>();

    RunContext(
            ProducerClient producer,
            ConsumerClient consumer,
            Topics topics,
            FaultControls controls,
            NetworkClient network,
            Clock clock,
            Sleeper sleeper,
            PrintStream out,
            ScenarioRunner.Options options) {
        this.producer = producer;
        this.consumer = consumer;
        this.topics = topics;
        this.brokers = controls.brokers();
        this.consumers = controls.consumers();
        this.network = network;
        this.clock = clock;
        this.sleeper = sleeper;
        this.out = out;
        this.options = options;
        this.consumerWait = new ConsumerWait(consumer, clock, this::sleep, options.drainPoll());
        // A context made for its phase ids alone (RunLimitsTest) has no apps and so no clocks.
        List<ClockProbe> probes = new ArrayList<>();
        if (producer != null) {
            // A change an instance takes minutes to apply (a flush waiting on the brokers) is said as it is waited for.
            producer.notices(note -> out.println("  " + note));
            probes.addAll(producer.clockProbes(EpochMicros::now));
        }
        if (consumer != null) {
            probes.addAll(consumer.clockProbes(EpochMicros::now));
        }
        this.clocks = new ClockChecks(probes);
    }

    /** A run starts: its warnings are its own, its phase ids follow its start second. */
    void begin(Instant startedAt) {
        warnings = new ArrayList<>();
        stoppedWindow = null;
        clocks.begin();
        lastPhaseId = ScenarioRunner.firstPhaseId(startedAt);
        runFirstPhaseId = lastPhaseId;
    }

    /**
     * The next phase id. A run's ids are its start second times 1000 and up: a run of more phases
     * (rate-search steps included) would take the next run's, so it stops instead.
     */
    public int nextPhaseId() {
        AccountingStops.requirePhaseIdLeft(lastPhaseId - runFirstPhaseId);
        return ++lastPhaseId;
    }

    /** The run's warnings so far, for its record. */
    List<String> warnings() {
        return warnings;
    }

    /** A warning for the record and the console. */
    public void warn(String w) {
        warnings.add(w);
        out.println("WARNING: " + w);
    }

    /** A warning for the record only (the console said it already, or says it otherwise). */
    public void addWarning(String w) {
        warnings.add(w);
    }

    public void sleep(Duration d) throws InterruptedException {
        abort.check();
        sleeper.sleep(d);
        abort.check();
    }

    /**
     * Stops the load and waits (bounded by the drain timeout) until the consumer holds every record
     * sent; {@code why} says what for, {@code otherwise} what it means when it does not.
     */
    public void stopAndDrain(String why, String otherwise, String when) throws InterruptedException {
        List<ProducerStatus> stopped = eachProducer(producer.apply(SettingsChange.stop()));
        out.println("Stopping the load until the consumer has every record in flight, " + why);
        ConsumerWait.CaughtUp caught = consumerWait.drained(stopped, options.drainTimeout(), stoppedWindow);
        if (!caught.drained()) {
            LatencyView report = caught.last();
            warn(when + ", the consumer still had "
                    + (report.totals() == null ? "n/a" : report.totals().pending())
                    + " records pending " + Durations.format(options.drainTimeout())
                    + " after the load stopped" + Drained.failedSendsNote(stopped) + "; " + otherwise);
        }
    }

    /**
     * The window of phase {@code phaseId} ended with the load stopped: until an instance sends again,
     * a drain judges it by that phase's fence, as it would in the phase ({@link Drained}).
     */
    public void windowStopped(int phaseId) throws InterruptedException {
        stoppedWindow = Drained.StoppedWindow.of(phaseId, eachProducer());
    }

    Drained.StoppedWindow stoppedWindow() {
        return stoppedWindow;
    }

    /** {@link #eachProducer(ProducerStatus)}, the group's merged status read only when the instances cannot be. */
    public List<ProducerStatus> eachProducer() throws InterruptedException {
        try {
            return producer.instanceStates().stream()
                    .map(InstanceStatus::status)
                    .toList();
        } catch (EndpointException e) {
            return List.of(producer.state());
        }
    }

    /**
     * Each producer-app instance's own status (a group's merged status has no one last sequence to
     * wait for); {@code merged} alone when they cannot be read.
     */
    public List<ProducerStatus> eachProducer(ProducerStatus merged) {
        try {
            return producer.instanceStates().stream()
                    .map(InstanceStatus::status)
                    .toList();
        } catch (EndpointException e) {
            return merged == null ? List.of() : List.of(merged);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return merged == null ? List.of() : List.of(merged);
        }
    }
}
