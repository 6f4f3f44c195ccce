package dev.latencylab.runner.run;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.Drained;
import dev.latencylab.runner.apps.NetworkClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.faults.FaultControls;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.TopicSpec;
import dev.latencylab.runner.topics.TopicException;
import dev.latencylab.runner.topics.Topics;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives a scenario through the apps' endpoints: reset the consumer, then per phase apply the
 * settings, wait the warm-up, drop the warm-up's samples, measure, and read the consumer's
 * figures for the phase. At the end (or on {@link #abort}) the load is stopped; after a full run
 * the consumer is given a bounded time to receive everything in flight.
 *
 * <p>This class holds the run loop; what a planned phase does is a {@link PhaseStep} of the kinds it
 * is given (it asks them in order and names none), sharing the {@link StepServices}: {@link
 * PhaseStack} and {@link PhaseTopics} set a phase up, {@link TimedFaults} carries out its faults,
 * {@link PhaseCloser} closes it; {@link EndOfRun} stops the load and reads the final figures.
 */
public final class ScenarioRunner {

    /**
     * How often progress is printed, how long to wait for the consumer to catch up, the stack
     * warm-up before the first phase, and the seed of the phase order when the scenario repeats
     * its phases ({@link RunPlan}).
     */
    public record Options(
            Duration progressEvery, Duration drainTimeout, Duration drainPoll, StackWarmup stackWarmup, long seed) {

        public static final Options DEFAULT = new Options(
                Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofMillis(500), StackWarmup.DEFAULT, 0);

        /** Without a stack warm-up. */
        public Options(Duration progressEvery, Duration drainTimeout, Duration drainPoll) {
            this(progressEvery, drainTimeout, drainPoll, StackWarmup.NONE, 0);
        }

        public Options withSeed(long newSeed) {
            return new Options(progressEvery, drainTimeout, drainPoll, stackWarmup, newSeed);
        }

        public Options withStackWarmup(StackWarmup newWarmup) {
            return new Options(progressEvery, drainTimeout, drainPoll, newWarmup, seed);
        }
    }

    private final RunContext run;
    private final PhaseTopics phaseTopics;
    private final PhaseCloser closer;
    private final List<PhaseStep> steps;
    private final EndOfRun end;

    private Thread worker;

    /**
     * @param topics creates, measures and deletes the topics phases write ({@link TopicSpec}); also
     *     reads the leaders and in-sync replicas while a phase injects faults
     * @param controls kill, stop and restart brokers and consumer-app instances for a phase's fault steps
     * @param network the delay wire, for phases that set a round trip (null when none does)
     * @param kinds the kinds of phase the run knows, in the order they are asked
     */
    public ScenarioRunner(
            ProducerClient producer,
            ConsumerClient consumer,
            Topics topics,
            FaultControls controls,
            NetworkClient network,
            Clock clock,
            Sleeper sleeper,
            PrintStream out,
            Options options,
            List<PhaseStep.Kind> kinds) {
        this.run = new RunContext(producer, consumer, topics, controls, network, clock, sleeper, out, options);
        this.phaseTopics = new PhaseTopics(run);
        TimedFaults faults = new TimedFaults(run);
        this.closer = new PhaseCloser(run, faults);
        StepServices services = new StepServices(run, new PhaseStack(run, phaseTopics), phaseTopics, faults, closer);
        this.steps = kinds.stream().map(k -> k.create(services)).toList();
        this.end = new EndOfRun(run);
    }

    /** Called once in each measured phase's window, halfway through: where the self-test injects its faults. */
    @FunctionalInterface
    public interface WindowHook {
        void halfway(Phase phase, int phaseId) throws InterruptedException;
    }

    private WindowHook windowHook = (phase, phaseId) -> {};

    /** Sets what runs halfway through each measured window (nothing by default); before {@link #run}. */
    public void windowHook(WindowHook hook) {
        this.windowHook = hook;
    }

    /** Asks a running {@link #run} to stop the load and return what it has (used by the Ctrl-C hook). */
    public void abort(String reason) {
        run.abort.request(reason);
        synchronized (this) {
            if (worker != null) {
                worker.interrupt();
            }
        }
    }

    public RunRecord run(Scenario scenario) {
        synchronized (this) {
            worker = Thread.currentThread();
        }
        Instant startedAt = run.clock.instant();
        run.begin(startedAt);
        // The rate searches of this run ({@code rate: max} phases): a runner used again starts with none.
        List<RateSearchRecord> searches = new ArrayList<>();
        PlannedPhases phases = new PlannedPhases(run, steps, scenario, windowHook, searches);
        String stopReason = null;
        ConsumerSettings consumerBefore = null;
        try {
            run.abort.check();
            consumerBefore = end.consumerToRestore(scenario);
            if (!scenario.phases().isEmpty()) {
                settle(scenario);
            }
            quiesce();
            phaseTopics.requireTopicsRead(scenario);
            run.consumer.reset();
            List<Phase> plan = RunPlan.of(scenario, run.options.seed()).phases();
            phases.runAll(plan);
        } catch (InterruptedException e) {
            stopReason = run.abort.stopReason();
        } catch (EndpointException | TopicException e) {
            stopReason = "failed: " + e.getMessage();
        } finally {
            // The cleanup below talks HTTP; it must not see a pending interrupt, and no abort may
            // interrupt this thread once it has left run().
            synchronized (this) {
                worker = null;
            }
            Thread.interrupted();
        }
        if (stopReason != null) {
            run.out.println();
            run.out.println("Stopping: " + stopReason);
            if (phases.current() != null && phases.current().measureStart() != null) {
                closer.partial(phases.current()).ifPresent(phases.done()::add);
            }
        }
        ProducerStatus finalProducer = end.stopLoad();
        phaseTopics.deleteLeft();
        end.restoreConsumer(consumerBefore);
        boolean complete = stopReason == null;
        LatencyView finalConsumer = complete ? end.drain(finalProducer) : end.latestConsumer();
        boolean drained = finalConsumer != null
                && Drained.check(finalConsumer, run.eachProducer(finalProducer), run.stoppedWindow());
        return new RunRecord(
                scenario,
                startedAt,
                run.clock.instant(),
                phases.done(),
                complete,
                stopReason,
                finalProducer,
                finalConsumer,
                drained,
                run.warnings(),
                searches,
                run.clocks.checks());
    }

    /**
     * Phase ids differ from run to run (the producer remembers recent phases by id, the consumer
     * is reset at the start of a run): the run's start second, times 1000, leaves room for 999
     * phases per run.
     */
    public static int firstPhaseId(Instant startedAt) {
        return (int) (Math.floorMod(startedAt.getEpochSecond(), 2_000_000L) * 1000);
    }

    /**
     * Lets the stack settle before anything is measured: the scenario's highest rate runs
     * unmeasured until the stack is steady ({@link StackWarmup}; the consumer is reset afterwards).
     */
    private void settle(Scenario scenario) throws InterruptedException {
        run.options.stackWarmup().run(scenario, run.producer, run.clock, run::sleep, run.out);
    }

    /**
     * Stops the load and waits (bounded) until the consumer holds every record sent, so the reset
     * happens on a quiet stream. The apps start with load running; records sent before a reset but
     * received after it, interleaved across partitions with later ones, would otherwise open gaps in
     * the fresh loss accounting and be counted as lost ten seconds later (docs/contracts.md: reset
     * while the stream is quiet). The first phase starts the load again, on a fresh schedule.
     */
    private void quiesce() throws InterruptedException {
        run.stopAndDrain(
                "so its reset starts on a quiet stream",
                "it was reset anyway, so records still in flight then may count as lost",
                "before the run");
    }
}
