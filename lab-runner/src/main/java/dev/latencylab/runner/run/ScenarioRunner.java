package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.accounting.PhaseFence;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.api.settings.PhaseKey;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.faults.FaultException;
import dev.latencylab.runner.faults.FaultWatch;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.faults.OutageLine;
import dev.latencylab.runner.http.EndpointException;
import dev.latencylab.runner.lab.ConsumerClient;
import dev.latencylab.runner.lab.Drained;
import dev.latencylab.runner.lab.NetworkClient;
import dev.latencylab.runner.lab.ProducerClient;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.FaultStep;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.RunPlan;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.TopicSpec;
import dev.latencylab.runner.topics.TopicDisk;
import dev.latencylab.runner.topics.TopicException;
import dev.latencylab.runner.topics.Topics;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Drives a scenario through the apps' endpoints: reset the consumer, then per phase apply the
 * settings, wait the warm-up, drop the warm-up's samples, measure, and read the consumer's
 * figures for the phase. At the end (or on {@link #abort}) the load is stopped; after a full run
 * the consumer is given a bounded time to receive everything in flight.
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

    /** How long a phase that restarted a broker waits, after its window, for the ISR to be whole again. */
    private static final Duration ISR_WHOLE_TIMEOUT = Duration.ofMinutes(2);
    /** How late the next record may be on its schedule when a phase's window opens. */
    static final double ON_SCHEDULE_MS = 10;
    /** The longest a phase's window waits for the sender to catch up with its schedule. */
    static final Duration SENDER_CATCH_UP = Duration.ofSeconds(30);

    /** Shortest step of a rate search: under two Prometheus-free seconds a step is all ramp. */
    static final Duration MIN_STEP = Duration.ofSeconds(2);

    private final ProducerClient producer;
    private final ConsumerClient consumer;
    private final Clock clock;
    private final Sleeper sleeper;
    private final PrintStream out;
    private final Options options;
    private final Topics topics;
    private final BrokerControl brokers;
    private final NetworkClient network;
    /** Topics this run created and has not yet deleted: an interrupted run deletes them on its way out. */
    private final java.util.Set<String> created = new java.util.LinkedHashSet<>();

    /** The rate searches this run made ({@code rate: max} phases). */
    private final List<RateSearchRecord> searches = new ArrayList<>();
    /** The last phase id given out: measured phases and search steps each have their own. */
    private int nextPhaseId;

    private int runFirstPhaseId;

    private volatile boolean abortRequested;
    private volatile String abortReason;
    private Thread worker;

    public ScenarioRunner(
            ProducerClient producer,
            ConsumerClient consumer,
            Clock clock,
            Sleeper sleeper,
            PrintStream out,
            Options options) {
        this(producer, consumer, Topics.NONE, clock, sleeper, out, options);
    }

    /** @param topics creates, measures and deletes the topics phases write ({@link TopicSpec}) */
    public ScenarioRunner(
            ProducerClient producer,
            ConsumerClient consumer,
            Topics topics,
            Clock clock,
            Sleeper sleeper,
            PrintStream out,
            Options options) {
        this(producer, consumer, topics, BrokerControl.NONE, null, clock, sleeper, out, options);
    }

    /**
     * @param topics also reads the leaders and in-sync replicas while a phase injects faults
     * @param brokers kills, stops and restarts brokers for a phase's fault steps
     * @param network the delay wire, for phases that set a round trip (null when none does)
     */
    public ScenarioRunner(
            ProducerClient producer,
            ConsumerClient consumer,
            Topics topics,
            BrokerControl brokers,
            NetworkClient network,
            Clock clock,
            Sleeper sleeper,
            PrintStream out,
            Options options) {
        this.brokers = brokers;
        this.network = network;
        this.producer = producer;
        this.consumer = consumer;
        this.topics = topics;
        this.clock = clock;
        this.sleeper = sleeper;
        this.out = out;
        this.options = options;
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
        abortReason = reason;
        abortRequested = true;
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
        Instant startedAt = clock.instant();
        List<PhaseRecord> done = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Tracker current = null;
        String stopReason = null;
        ConsumerSettings consumerBefore = null;
        try {
            checkAbort();
            consumerBefore = consumerToRestore(scenario);
            if (!scenario.phases().isEmpty()) {
                settle(scenario);
            }
            quiesce(warnings);
            requireTopicsRead(scenario);
            consumer.reset();
            List<Phase> plan = RunPlan.of(scenario, options.seed()).phases();
            nextPhaseId = firstPhaseId(startedAt);
            runFirstPhaseId = nextPhaseId;
            // A rate: max phase is measured at each share of the rate it finds.
            int count = plan.stream()
                    .mapToInt(p -> p.maxRate() ? RateSearchRecord.MEASURED_PERCENT.size() : 1)
                    .sum();
            int index = 0;
            for (Phase planned : plan) {
                List<Phase> measured = List.of(planned);
                if (planned.maxRate()) {
                    RateSearchRecord search = searchMaxRate(planned, index + 1, count, warnings);
                    searches.add(search);
                    measured = measuredAtFound(planned, search);
                    count -= RateSearchRecord.MEASURED_PERCENT.size() - measured.size();
                }
                for (Phase phase : measured) {
                    index++;
                    current = new Tracker(
                            index,
                            count,
                            phase,
                            nextPhaseId(),
                            RunPlan.label(phase.name(), phase.repeat(), scenario.repeat()));
                    done.add(phase.drains() ? runDrainPhase(current, warnings) : runPhase(current, warnings));
                    // Stored: the consumer may drop the phase, so a run of any length holds a few.
                    consumer.release(current.phaseId);
                    current = null;
                }
            }
        } catch (InterruptedException e) {
            stopReason = abortReason != null ? abortReason : "interrupted";
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
            out.println();
            out.println("Stopping: " + stopReason);
            if (current != null && current.measureStart != null) {
                partial(current, warnings).ifPresent(done::add);
            }
        }
        ProducerStatus finalProducer = stopLoad(warnings);
        deleteLeftTopics(warnings);
        restoreConsumer(consumerBefore, warnings);
        boolean complete = stopReason == null;
        LatencyView finalConsumer = complete ? drain(finalProducer, warnings) : latestConsumer(warnings);
        boolean drained = finalConsumer != null && Drained.check(finalConsumer, eachProducer(finalProducer));
        return new RunRecord(
                scenario,
                startedAt,
                clock.instant(),
                done,
                complete,
                stopReason,
                finalProducer,
                finalConsumer,
                drained,
                warnings,
                searches);
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
     * The next phase id. A run's ids are its start second times 1000 and up: a run of more phases
     * (rate-search steps included) would take the next run's, so it stops instead.
     */
    private int nextPhaseId() {
        if (nextPhaseId - runFirstPhaseId >= AccountingLimits.MAX_PHASES_PER_RUN) {
            throw new EndpointException("the run reached " + AccountingLimits.MAX_PHASES_PER_RUN
                    + " phases (rate-search steps and repeats included), the most one run has ids for:"
                    + " lower the scenario's repeat or split it into several runs");
        }
        return ++nextPhaseId;
    }

    /**
     * A fixed capacity of the consumer's accounting that was reached makes every later count
     * wrong: the run stops with it named, never goes on with numbers that look right.
     */
    static void requireWithinLimits(LatencyView view) {
        for (LedgerView ledger : view.ledgers()) {
            if (ledger.limitHit() != null) {
                throw new EndpointException("the consumer's offset ledger of topic " + ledger.topic() + " hit a limit: "
                        + ledger.limitHit() + "; the run stops, as every count from here on would be wrong");
            }
        }
        if (view.totals() != null && view.totals().skipped().tooManyPhases() > 0) {
            throw new EndpointException("the consumer held " + AccountingLimits.MAX_LIVE_PHASES
                    + " phases at once, its limit, and counted "
                    + view.totals().skipped().tooManyPhases()
                    + " records in no phase (phases are released once the runner stored them: something"
                    + " else drives the consumer, or its phases were never released); the run stops");
        }
    }

    /**
     * A phase's topic must be one the consumer reads (its pattern), or the phase would measure
     * nothing: refused before anything runs.
     */
    private void requireTopicsRead(Scenario scenario) throws InterruptedException {
        ConsumerDescription description = consumer.latency().consumer();
        if (description == null) {
            return;
        }
        for (Phase p : scenario.phases()) {
            if (p.topic() != null && !description.reads(p.topic().name())) {
                throw new EndpointException(
                        "phase " + p.name() + " writes topic " + p.topic().name()
                                + ", which the consumer does not read (it reads topics matching " + description.topics()
                                + "): name it lab.orders.<something>");
            }
        }
    }

    /**
     * Creates the phase's topic with the load stopped, and waits (bounded) until the consumer holds
     * every partition of it: it starts at the log's end (auto.offset.reset latest), so records
     * written before would never be read.
     */
    private void prepareTopic(Tracker t, List<String> warnings) throws InterruptedException {
        TopicSpec spec = t.phase.topic();
        stopAndDrain(
                "so the phase does not start behind the load before it",
                "the phase starts behind it",
                "before phase " + t.phase.name(),
                warnings);
        boolean replaced = topics.create(spec);
        if (!spec.keep()) {
            created.add(spec.name());
        }
        // A topic of that name read before has a ledger of the old offsets: the new records would
        // be taken for redeliveries of the old ones. Nothing is written to it yet.
        consumer.forgetTopic(spec.name());
        out.printf(
                Locale.ROOT,
                "  topic %s created: %d partitions, replication factor %d, min.insync.replicas %d%s%s%n",
                spec.name(),
                spec.partitions(),
                spec.replicationFactorOrDefault(),
                spec.minInsyncReplicasOrDefault(),
                spec.configs().isEmpty() ? "" : ", " + spec.configs(),
                replaced ? " (a topic of that name from an earlier run was deleted first)" : "");
        Instant started = clock.instant();
        Instant deadline = started.plus(options.drainTimeout());
        while (true) {
            int assigned = consumer.latency().assignedPartitions(spec.name());
            if (assigned >= spec.partitions()) {
                out.printf(
                        Locale.ROOT,
                        "  the consumer holds all %d partitions of %s (%s after creation)%n",
                        assigned,
                        spec.name(),
                        Durations.format(Duration.between(started, clock.instant())));
                return;
            }
            if (!clock.instant().isBefore(deadline)) {
                String w = "phase " + t.phase.name() + ": the consumer held " + assigned + " of " + spec.partitions()
                        + " partitions of " + spec.name() + " " + Durations.format(options.drainTimeout())
                        + " after it was created; records written before it holds a partition count as unobserved";
                warnings.add(w);
                out.println("WARNING: " + w);
                return;
            }
            sleep(options.drainPoll());
        }
    }

    /**
     * After its phase, the topic's size on disk with the load stopped (so nothing more is written to
     * it), then the topic is deleted unless the scenario keeps it.
     */
    private TopicDisk retireTopic(Tracker t, List<String> warnings) throws InterruptedException {
        TopicSpec spec = t.phase.topic();
        // The next phase must not start behind this one's backlog (an unthrottled phase leaves one).
        stopAndDrain(
                "so the next phase does not start behind this one's backlog",
                "the next phase starts behind it",
                "after phase " + t.phase.name(),
                warnings);
        TopicDisk disk = topics.sizeOnDisk(spec.name());
        out.printf(
                Locale.ROOT,
                "  topic %s: %d records, %d bytes on disk (one replica per partition), %s B/record%s%n",
                spec.name(),
                disk.records(),
                disk.bytes(),
                disk.bytesPerRecord() == null ? "n/a" : String.format(Locale.ROOT, "%.1f", disk.bytesPerRecord()),
                spec.keep() ? "; kept" : "; deleted");
        if (!spec.keep()) {
            topics.delete(spec.name());
            created.remove(spec.name());
        }
        return disk;
    }

    /**
     * Lets the stack settle before anything is measured: the scenario's highest rate runs
     * unmeasured until the stack is steady ({@link StackWarmup}; the consumer is reset afterwards).
     */
    private void settle(Scenario scenario) throws InterruptedException {
        options.stackWarmup().run(scenario, producer, clock, this::sleep, out);
    }

    /**
     * Stops the load and waits (bounded) until the consumer holds every record sent, so the reset
     * happens on a quiet stream. The apps start with load running; records sent before a reset but
     * received after it, interleaved across partitions with later ones, would otherwise open gaps in
     * the fresh loss accounting and be counted as lost ten seconds later (docs/contracts.md: reset
     * while the stream is quiet). The first phase starts the load again, on a fresh schedule.
     */
    private void quiesce(List<String> warnings) throws InterruptedException {
        stopAndDrain(
                "so its reset starts on a quiet stream",
                "it was reset anyway, so records still in flight then may count as lost",
                "before the run",
                warnings);
    }

    /**
     * Stops the load and waits (bounded by the drain timeout) until the consumer holds every record
     * sent; {@code why} says what for, {@code otherwise} what it means when it does not.
     */
    private void stopAndDrain(String why, String otherwise, String when, List<String> warnings)
            throws InterruptedException {
        List<ProducerStatus> stopped = eachProducer(producer.apply(SettingsChange.stop()));
        out.println("Stopping the load until the consumer has every record in flight, " + why);
        Instant deadline = clock.instant().plus(options.drainTimeout());
        while (true) {
            LatencyView report = consumer.latency();
            if (Drained.check(report, stopped)) {
                return;
            }
            if (!clock.instant().isBefore(deadline)) {
                String w = when + ", the consumer still had "
                        + (report.totals() == null ? "n/a" : report.totals().pending())
                        + " records pending " + Durations.format(options.drainTimeout())
                        + " after the load stopped; " + otherwise;
                warnings.add(w);
                out.println("WARNING: " + w);
                return;
            }
            sleep(options.drainPoll());
        }
    }

    private PhaseRecord runPhase(Tracker t, List<String> warnings) throws InterruptedException {
        Phase phase = t.phase;
        ProducerSettings s = phase.settings();
        out.printf(
                Locale.ROOT,
                "%nphase %d/%d %s (id %d): linger.ms=%d batch.size=%d compression=%s rate=%s payload=%d B; warm-up %s, "
                        + "measure %s%n",
                t.index,
                t.count,
                t.label,
                t.phaseId,
                s.lingerMs(),
                s.batchSize(),
                s.compression(),
                target(s),
                s.payloadBytes(),
                Durations.format(phase.warmup()),
                Durations.format(phase.duration()));
        checkAbort();
        applyPhaseStack(phase);
        TopicSpec own = phase.topic();
        if (ownTopic(phase)) {
            prepareTopic(t, warnings);
        }
        // The warm-up's records carry no phase id: they are never counted in the phase.
        producer.start(s, 0, own != null ? own.name() : ProducerClient.LAB_TOPIC);
        t.startedAt = clock.instant();
        sleep(phase.warmup());
        awaitSenderOnSchedule(t, warnings);

        // The measured window is the records sent in it, whenever they arrive: the id travels in each header.
        ProducerStatus entered = producer.enterPhase(t.phaseId);
        t.measureStart = clock.instant();
        t.sentAtStart = entered.counters().sent();
        t.lastPoll = t.measureStart;
        t.lastSent = t.sentAtStart;
        Instant nextProgress = t.measureStart.plus(options.progressEvery());
        Duration halfway = phase.duration().dividedBy(2);
        boolean hooked = false;
        while (true) {
            Duration elapsed = Duration.between(t.measureStart, clock.instant());
            if (!hooked && elapsed.compareTo(halfway) >= 0) {
                windowHook.halfway(phase, t.phaseId);
                hooked = true;
                continue;
            }
            if (t.nextFault < phase.faults().size()
                    && elapsed.compareTo(phase.faults().get(t.nextFault).at()) >= 0) {
                injectFault(t, phase.faults().get(t.nextFault++), warnings);
                continue;
            }
            Duration remaining = phase.duration().minus(elapsed);
            if (remaining.isNegative() || remaining.isZero()) {
                break;
            }
            Duration wait = min(remaining, Duration.between(clock.instant(), nextProgress));
            if (t.nextFault < phase.faults().size()) {
                wait = min(wait, phase.faults().get(t.nextFault).at().minus(elapsed));
            }
            if (!hooked) {
                wait = min(wait, halfway.minus(elapsed));
            }
            if (!wait.isNegative() && !wait.isZero()) {
                sleep(wait);
            }
            if (!clock.instant().isBefore(nextProgress)
                    && Duration.between(t.measureStart, clock.instant()).compareTo(phase.duration()) < 0) {
                progress(t);
                nextProgress = clock.instant().plus(options.progressEvery());
            }
        }
        restartWhatIsDown(t, warnings);
        // On its own topic the load stops with the window: the topic is measured on disk next, and
        // an unthrottled load would only pile up a backlog while the phase is being closed.
        ProducerStatus left = ownTopic(phase) ? producer.apply(SettingsChange.stop()) : producer.enterPhase(0);
        Instant end = clock.instant();
        long sentAtEnd = left.counters().sent();
        Closed closed = fence(t, warnings);
        if (ownTopic(phase)) {
            t.disk = retireTopic(t, warnings);
        }
        if (t.faults != null) {
            if (!t.faults.awaitIsrWhole(ISR_WHOLE_TIMEOUT)) {
                String w = "phase " + t.phase.name() + ": the in-sync replicas of "
                        + producer.state().topic()
                        + " were not whole " + Durations.format(ISR_WHOLE_TIMEOUT) + " after the window; the next"
                        + " phase starts on a cluster still catching up";
                warnings.add(w);
                out.println("WARNING: " + w);
            }
            t.outage = t.faults.close(closed.latency == null ? null : closed.latency.slow(), t.thresholdMs);
            t.faults = null;
            out.println("  " + OutageLine.of(t.outage));
        }
        PhaseRecord record = t.record(end, sentAtEnd, closed, true);
        PhaseView latency = closed.latency;
        out.printf(
                Locale.ROOT,
                "phase %d/%d %s done: %s records/s sent (target %s), e2e p50 %s ms, p99 %s ms (corrected %s ms)%s%n",
                t.index,
                t.count,
                t.label,
                number(record.achievedRate()),
                target(s),
                latency == null ? "n/a" : ms(latency.latencyMs().p50()),
                latency == null ? "n/a" : ms(latency.latencyMs().p99()),
                latency == null ? "n/a" : ms(latency.correctedLatencyMs().p99()),
                closed.counts == null ? "" : "; " + counts(closed.counts));
        return record;
    }

    /**
     * A phase measures only its own schedule: a sender still behind (the previous phase asked for
     * more than the stack could take) would send the phase's first records late and hand it the
     * previous phase's publish delay. So the window opens once the next record is due within
     * {@value #ON_SCHEDULE_MS} ms, waiting at most {@link #SENDER_CATCH_UP}; the report says when
     * it waited, and when it gave up.
     */
    private void awaitSenderOnSchedule(Tracker t, List<String> warnings) throws InterruptedException {
        Double lag = producer.state().scheduleLagMs();
        if (lag == null || lag <= ON_SCHEDULE_MS) {
            return;
        }
        Instant started = clock.instant();
        while (lag != null && lag > ON_SCHEDULE_MS) {
            if (!clock.instant().isBefore(started.plus(SENDER_CATCH_UP))) {
                String w = String.format(
                        Locale.ROOT,
                        "phase %s: the sender was still %.0f ms behind its schedule %s after the warm-up; the phase"
                                + " was measured anyway and its first records carry that delay",
                        t.phase.name(),
                        lag,
                        Durations.format(SENDER_CATCH_UP));
                warnings.add(w);
                out.println("WARNING: " + w);
                return;
            }
            sleep(options.drainPoll());
            lag = producer.state().scheduleLagMs();
        }
        Duration waited = Duration.between(started, clock.instant());
        String w = "phase " + t.phase.name() + ": its window opened " + Durations.format(waited)
                + " after the warm-up, once the sender had caught up with its schedule (it was behind)";
        out.println("  " + w);
        // A moment's lateness is the machine's jitter; a second or more is the previous phase's backlog.
        if (waited.compareTo(Duration.ofSeconds(1)) >= 0) {
            warnings.add(w);
        }
    }

    /**
     * Carries out one fault step. Before the first, the phase's slowest record so far (corrected
     * e2e, the whole group's) becomes the consumer's slow-record threshold, and the watch of the
     * producer and the topic's metadata starts. {@code leader} is the leader of partition 0 then.
     */
    private void injectFault(Tracker t, FaultStep step, List<String> warnings) throws InterruptedException {
        String topic = producer.state().topic();
        if (t.faults == null) {
            Optional<PhaseView> before =
                    consumer.read().group().phase(t.phaseId, t.phase.settings().phaseKey());
            t.thresholdMs = before.map(v -> v.correctedLatencyMs().max()).orElse(0.0);
            consumer.watch(t.phaseId, t.thresholdMs);
            t.faults = new FaultWatch(topics, topic, producer, clock, clock.instant());
            out.printf(
                    Locale.ROOT,
                    "  faults from now on: records slower than %.2f ms (the slowest before) count as delayed%n",
                    t.thresholdMs);
        }
        int node;
        if (FaultStep.LEADER.equals(step.broker())) {
            if (step.action().takesDown()) {
                t.downLeader = leaderNow(topic);
            }
            node = t.downLeader;
        } else {
            node = FaultStep.nodeId(step.broker()).orElseThrow();
        }
        double at = Duration.between(t.measureStart, clock.instant()).toMillis() / 1000.0;
        Instant started = clock.instant();
        String error = null;
        if (node <= 0) {
            error = "no leader of partition 0 of " + topic + " was known";
        } else {
            try {
                brokers.act(step.action(), node);
            } catch (FaultException e) {
                error = e.getMessage();
            }
        }
        double took = Duration.between(started, clock.instant()).toMillis() / 1000.0;
        t.faults.stepDone(
                new Outage.Step(at, step.action().label(), node, took, error),
                !step.action().takesDown());
        if (error != null) {
            String w = "phase " + t.phase.name() + ": " + step.describe() + " failed: " + error;
            warnings.add(w);
            out.println("WARNING: " + w);
        } else {
            out.printf(
                    Locale.ROOT,
                    "  %s kafka-%d at %.1f s (took %.1f s)%n",
                    step.action().label(),
                    node,
                    at,
                    took);
        }
    }

    /**
     * Restarts left in the plan when the window ended (a step late on a busy machine): a run never
     * leaves a broker down behind it.
     */
    private void restartWhatIsDown(Tracker t, List<String> warnings) throws InterruptedException {
        while (t.nextFault < t.phase.faults().size()) {
            FaultStep step = t.phase.faults().get(t.nextFault++);
            if (!step.action().takesDown() && t.faults != null) {
                warnings.add("phase " + t.phase.name() + ": " + step.describe() + " was done after the window");
                injectFault(t, step, warnings);
            }
        }
    }

    private int leaderNow(String topic) throws InterruptedException {
        try {
            return topics.health(topic, Duration.ofSeconds(5)).leader(0);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /**
     * Each producer-app instance's own status (a group's merged status has no one last sequence to
     * wait for); {@code merged} alone when they cannot be read.
     */
    private List<ProducerStatus> eachProducer(ProducerStatus merged) {
        try {
            return producer.instanceStates().stream()
                    .map(ProducerClient.InstanceStatus::status)
                    .toList();
        } catch (EndpointException e) {
            return merged == null ? List.of() : List.of(merged);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return merged == null ? List.of() : List.of(merged);
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /**
     * A phase that drains a backlog: with the consumer paused, the producer writes the phase's
     * records (its id from the first one) until {@code backlog} of them were sent; the load stops
     * (what is in flight is acknowledged: the backlog is what the phase's records acked), the consumer is resumed with the phase's consumer settings, and the measured window runs
     * from the resume until the group has passed every acknowledged offset (the fence), at most the
     * phase's duration. Drain rate = records processed / (last processed - resume).
     */
    /** Nothing sent for this long while a backlog is built: the producer is stuck. */
    private static final Duration BACKLOG_STALL = Duration.ofSeconds(60);

    private PhaseRecord runDrainPhase(Tracker t, List<String> warnings) throws InterruptedException {
        Phase phase = t.phase;
        ProducerSettings s = phase.settings();
        out.printf(
                Locale.ROOT,
                "%nphase %d/%d %s (id %d): a backlog of %,d records at %s, then drained within %s%n",
                t.index,
                t.count,
                t.label,
                t.phaseId,
                phase.backlog(),
                target(s),
                Durations.format(phase.duration()));
        checkAbort();
        applyPhaseStack(phase);
        TopicSpec own = phase.topic();
        if (ownTopic(phase)) {
            prepareTopic(t, warnings);
        } else {
            stopAndDrain(
                    "so the backlog holds the phase's records alone",
                    "the backlog starts behind it",
                    "before the" + " backlog",
                    warnings);
        }
        consumer.consuming(false);
        ProducerStatus started = producer.start(s, t.phaseId, own != null ? own.name() : ProducerClient.LAB_TOPIC);
        t.startedAt = clock.instant();
        t.sentAtStart = started.counters().sent();
        long sent = 0;
        Instant nextProgress = t.startedAt.plus(options.progressEvery());
        Instant lastGrowth = t.startedAt;
        while (sent < phase.backlog()) {
            // Polled often: what is sent between the count reaching the backlog and the stop is extra.
            sleep(Duration.ofMillis(50));
            long now =
                    producer.state().phaseSends(t.phaseId).map(PhaseSends::sent).orElse(0L);
            if (now > sent) {
                lastGrowth = clock.instant();
            } else if (Duration.between(lastGrowth, clock.instant()).compareTo(BACKLOG_STALL) > 0) {
                String w = "phase " + phase.name() + ": the backlog stopped growing at " + now + " of "
                        + phase.backlog() + " records sent (nothing sent for "
                        + Durations.format(BACKLOG_STALL) + "); draining what there is";
                warnings.add(w);
                out.println("WARNING: " + w);
                break;
            }
            sent = now;
            if (!clock.instant().isBefore(nextProgress)) {
                out.printf(Locale.ROOT, "  backlog: %,d of %,d records sent%n", sent, phase.backlog());
                nextProgress = clock.instant().plus(options.progressEvery());
            }
        }
        ProducerStatus left = producer.apply(SettingsChange.stop());
        out.printf(
                Locale.ROOT,
                "  backlog built: %,d records sent in %s; resuming the consumer (%s)%n",
                left.counters().sent() - t.sentAtStart,
                Durations.format(Duration.between(t.startedAt, clock.instant())),
                phase.consumer() == null
                        ? "settings as they were"
                        : phase.consumer().describe());
        t.measureStart = clock.instant();
        consumer.consuming(true);
        Closed closed = fence(t, warnings, phase.duration());
        Instant end = clock.instant();
        if (ownTopic(phase)) {
            t.disk = retireTopic(t, warnings);
        }
        PhaseRecord record = t.record(end, left.counters().sent(), closed, closed.fenced);
        PhaseView latency = closed.latency;
        Double rate = record.drainRate();
        out.printf(
                Locale.ROOT,
                "phase %d/%d %s done: %s records drained at %s records/s, e2e p50 %s ms, p99 %s ms%s%n",
                t.index,
                t.count,
                t.label,
                latency == null ? "0" : String.format(Locale.ROOT, "%,d", latency.count()),
                number(rate),
                latency == null ? "n/a" : ms(latency.latencyMs().p50()),
                latency == null ? "n/a" : ms(latency.latencyMs().p99()),
                closed.counts == null ? "" : "; " + counts(closed.counts));
        return record;
    }

    /**
     * What the phase runs on, before its load starts: how many producer-app instances, the round
     * trip the delay wire adds, and the consumer settings (a change of listener, fetch or commit
     * settings restarts the consumer, which must not fall inside a measured window).
     */
    private void applyPhaseStack(Phase phase) throws InterruptedException {
        int producers = phase.producers() != null
                ? phase.producers()
                : producer.endpoints().size();
        if (producers != producer.active()) {
            producer.use(producers);
            out.printf(
                    Locale.ROOT,
                    "  producers: %d of %d producer-app instances%n",
                    producers,
                    producer.endpoints().size());
        }
        if (phase.network() != null) {
            NetworkClient.NetworkState now = network.apply(phase.network());
            out.printf(
                    Locale.ROOT,
                    "  network: %s ms round trip added (%s), receive buffer %s%n",
                    number(now.rttMs()),
                    now.mechanism(),
                    now.receiveBufferBytes() < 0 ? "tuned by the kernel" : now.receiveBufferBytes() + " B");
        }
        if (phase.consumer() == null) {
            return;
        }
        ConsumerStatus now = consumer.apply(ConsumerChange.to(phase.consumer()));
        out.println("  consumer: " + now.summary());
    }

    /**
     * A {@code rate: max} phase's search ({@link MaxRateSearch}): after the phase's warm-up at the
     * start rate, each step holds a rate under its own phase id, so its sends, acks and publish delay
     * are its own; the consumer's backlog is counted from a drained start. After a step that was not
     * sustained, the load stops until the consumer has caught up, so the next step starts clean.
     */
    private RateSearchRecord searchMaxRate(Phase phase, int index, int count, List<String> warnings)
            throws InterruptedException {
        ProducerSettings s = phase.settings();
        Duration step = stepDuration(phase);
        MaxRateSearch search = new MaxRateSearch(s.rate(), MaxRateSearch.Rule.DEFAULT);
        out.printf(
                Locale.ROOT,
                "%nphase %d/%d %s: searching the highest sustainable rate from %s/s (steps of %s; sustained = sender on"
                        + " schedule, publish delay p99 <= %.0f ms, <= %.1f s of records unanswered and unreceived;"
                        + " doubling, then bisecting to %.0f %%)%n",
                index,
                count,
                phase.name(),
                number(s.rate()),
                Durations.format(step),
                search.rule().publishDelayP99Ms(),
                search.rule().unansweredSeconds(),
                100 * search.rule().precision());
        String topic = phase.topic() != null ? phase.topic().name() : ProducerClient.LAB_TOPIC;
        applyPhaseStack(phase);
        if (ownTopic(phase)) {
            prepareTopic(new Tracker(index, count, phase, 0, phase.name()), warnings);
        } else {
            stopAndDrain(
                    "so the search starts on a quiet stream",
                    "the search starts behind it",
                    "before the search",
                    warnings);
        }
        producer.start(s, 0, topic);
        sleep(phase.warmup());
        stopAndDrain(
                "so the first step starts on a quiet stream",
                "the first step starts behind it",
                "after the search's warm-up",
                warnings);
        long ackedBase = producer.state().counters().acked();
        long receivedBase = consumer.latency().totals().received();
        boolean running = false;
        for (var next = search.next(); next.isPresent(); next = search.next()) {
            double rate = next.getAsDouble();
            int stepId = nextPhaseId();
            if (running) {
                producer.apply(SettingsChange.rate(rate, stepId));
            } else {
                producer.start(s.withRate(rate), stepId, topic);
                running = true;
            }
            boolean hold = search.nextIsHold();
            Instant from = clock.instant();
            sleep(hold ? phase.duration() : step);
            ProducerStatus status = producer.enterPhase(0);
            double seconds = Duration.between(from, clock.instant()).toNanos() / 1e9;
            LatencyView view = consumer.latency();
            PhaseSends sends = status.phaseSends(stepId).orElse(null);
            long sent = sends == null ? 0 : sends.sent();
            long acked = sends == null ? 0 : sends.acked();
            long failed = sends == null ? 0 : sends.failed();
            long backlog =
                    (status.counters().acked() - ackedBase) - (view.totals().received() - receivedBase);
            consumer.release(stepId);
            RateStep judged = search.judge(
                    rate,
                    seconds,
                    sent,
                    acked,
                    failed,
                    sends == null || sends.publishDelayMs() == null
                            ? null
                            : sends.publishDelayMs().p99(),
                    sent - acked - failed,
                    Math.max(0, backlog));
            out.printf(
                    Locale.ROOT,
                    "  %s %d: %s/s for %s: sent %d of %d, publish delay p99 %s ms, %d unanswered, consumer %d behind:"
                            + " %s%n",
                    hold ? "hold" : "step",
                    judged.step(),
                    number(rate),
                    Durations.format(Duration.ofMillis(Math.round(seconds * 1000))),
                    sent,
                    judged.scheduled(),
                    ms(judged.publishDelayP99Ms()),
                    judged.unanswered(),
                    judged.consumerBacklog(),
                    judged.sustained() ? "sustained" : "NOT sustained (" + judged.reason() + ")");
            if (!judged.sustained()) {
                stopAndDrain(
                        "so the next step does not inherit this one's backlog",
                        "the next step starts behind it",
                        "after step " + judged.step(),
                        warnings);
                running = false;
            }
        }
        stopAndDrain(
                "so the measured phases start on a quiet stream",
                "the first starts behind it",
                "after the search",
                warnings);
        if (ownTopic(phase)) {
            topics.delete(phase.topic().name());
            created.remove(phase.topic().name());
        }
        double found = search.found();
        List<String> measuredAt = found > 0
                ? RateSearchRecord.MEASURED_PERCENT.stream()
                        .map(pct -> RateSearchRecord.measuredName(phase.name(), pct))
                        .toList()
                : List.of();
        out.printf(
                Locale.ROOT,
                "phase %s: highest sustained rate %s/s after %d steps%s%s%n",
                phase.name(),
                number(found),
                search.steps().size(),
                found == 0
                        ? ""
                        : search.confirmed() ? ", held for " + Durations.format(phase.duration()) : ", NOT held",
                found == 0
                        ? " (not even the lowest rate tried was sustained; nothing to measure)"
                        : search.converged()
                                ? "; measuring at " + RateSearchRecord.MEASURED_PERCENT + " % of it"
                                : " (the search did not converge within "
                                        + search.rule().maxSteps() + " steps); measuring at "
                                        + RateSearchRecord.MEASURED_PERCENT + " % of it");
        if (found > 0 && !search.confirmed()) {
            warnings.add("phase " + phase.name() + ": no rate held for " + Durations.format(phase.duration())
                    + " in " + search.holds() + " holds; the shares measured are of " + number(found)
                    + "/s, which did not hold");
        }
        if (found == 0) {
            warnings.add("phase " + phase.name() + ": no rate down to "
                    + number(search.rule().minRate()) + "/s was sustained; nothing was measured");
        } else if (!search.converged()) {
            warnings.add("phase " + phase.name() + ": the rate search stopped after "
                    + search.rule().maxSteps() + " steps without converging; " + number(found)
                    + "/s is the highest rate sustained");
        }
        return new RateSearchRecord(
                phase.name(),
                phase.repeat(),
                s.rate(),
                step.toMillis() / 1000.0,
                search.rule(),
                search.steps(),
                found,
                search.converged(),
                search.confirmed(),
                measuredAt);
    }

    /** A step lasts a quarter of the phase's measured duration, at least two seconds. */
    static Duration stepDuration(Phase phase) {
        Duration quarter = phase.duration().dividedBy(4);
        return quarter.compareTo(MIN_STEP) < 0 ? MIN_STEP : quarter;
    }

    private static List<Phase> measuredAtFound(Phase phase, RateSearchRecord search) {
        if (search.found() <= 0) {
            return List.of();
        }
        return RateSearchRecord.MEASURED_PERCENT.stream()
                .map(pct -> phase.atRate(
                        RateSearchRecord.measuredName(phase.name(), pct), Math.floor(search.found() * pct / 100.0)))
                .toList();
    }

    /**
     * Closes the phase: waits (bounded) until every record sent in it has an answer and the
     * consumer group has processed the highest offset acknowledged in it, in every partition; then
     * reads its figures. The load goes on meanwhile, unmeasured.
     */
    private Closed fence(Tracker t, List<String> warnings) throws InterruptedException {
        return fence(t, warnings, options.drainTimeout());
    }

    private Closed fence(Tracker t, List<String> warnings, Duration timeout) throws InterruptedException {
        Instant started = clock.instant();
        Instant deadline = started.plus(timeout);
        while (true) {
            ProducerStatus producerStatus = producer.state();
            Optional<PhaseSends> sends = producerStatus.phaseSends(t.phaseId);
            ConsumerClient.GroupRead read = consumer.read();
            LatencyView fenceView = read.group();
            requireWithinLimits(fenceView);
            boolean passed = sends.isPresent()
                    && PhaseFence.passed(
                            sends.get(), fenceView.ledger(sends.get().topic()));
            if (passed && read.instances().size() > 1) {
                // Instances are read one after another: read again, all after the fence passed,
                // so the figures hold every record the counts do.
                read = consumer.read();
                requireWithinLimits(read.group());
            }
            LatencyView consumerView = read.group();
            if (passed || !clock.instant().isBefore(deadline)) {
                Optional<PhaseView> latency =
                        consumerView.phase(t.phaseId, t.phase.settings().phaseKey());
                checkSettingsCarried(t, consumerView, warnings);
                if (!passed) {
                    String w = "phase " + t.phase.name() + " could not be closed within "
                            + Durations.format(timeout) + ": waiting for "
                            + sends.map(x -> PhaseFence.waitingFor(x, consumerView.ledger(x.topic())))
                                    .orElse("the producer's count of the phase")
                            + "; its counts are as of then";
                    warnings.add(w);
                    out.println("WARNING: " + w);
                } else {
                    out.printf(
                            Locale.ROOT,
                            "  phase %s closed: the consumer passed every acknowledged offset %s after the window%n",
                            t.phase.name(),
                            Durations.format(Duration.between(started, clock.instant())));
                }
                return new Closed(
                        latency.orElse(null),
                        sends.orElse(null),
                        sends.map(x -> PhaseCounts.of(x, consumerView.ledger(x.topic()), latency))
                                .orElse(null),
                        passed,
                        withProducers(withNetwork(description(producerStatus, sends, read, t), t.phase), t));
            }
            sleeper.sleep(options.drainPoll());
        }
    }

    /** Each producer-app instance's sends in the phase, when several drove it. */
    private PhaseDescription withProducers(PhaseDescription d, Tracker t) throws InterruptedException {
        if (producer.active() < 2) {
            return d;
        }
        List<PhaseDescription.ProducerInstance> each = new ArrayList<>();
        for (ProducerClient.InstanceStatus i : producer.instanceStates()) {
            Optional<PhaseSends> s = i.status().phaseSends(t.phaseId);
            each.add(new PhaseDescription.ProducerInstance(
                    i.endpoint().resolve("/").toString(),
                    s.map(PhaseSends::sent).orElse(0L),
                    s.map(PhaseSends::acked).orElse(0L),
                    s.map(x -> x.publishDelayMs() == null
                                    ? null
                                    : x.publishDelayMs().p99())
                            .orElse(null)));
        }
        return d.withProducers(each);
    }

    /** The round trip the phase asked for and what the wire's probe measured over it. */
    private PhaseDescription withNetwork(PhaseDescription d, Phase phase) throws InterruptedException {
        if (phase.network() == null) {
            return d;
        }
        NetworkClient.NetworkState s = network.state();
        NetworkClient.MeasuredRtt m = s.measuredRttMs();
        return d.withNetwork(new PhaseDescription.Network(
                s.mechanism(),
                s.rttMs(),
                s.jitterMs(),
                s.lossPercent(),
                s.receiveBufferBytes(),
                m == null ? null : m.p50(),
                m == null ? null : m.p99(),
                m == null ? 0 : m.samples()));
    }

    private static PhaseDescription description(
            ProducerStatus producerStatus, Optional<PhaseSends> sends, ConsumerClient.GroupRead read, Tracker t) {
        String topic = sends.map(PhaseSends::topic).orElse(producerStatus.topic());
        List<PhaseDescription.ConsumerInstance> instances = read.instances().stream()
                .map(i -> new PhaseDescription.ConsumerInstance(
                        i.instance().toString(),
                        i.view()
                                .phase(t.phaseId, t.phase.settings().phaseKey())
                                .map(PhaseView::count)
                                .orElse(0L),
                        i.view().assigned().getOrDefault(topic, List.of())))
                .toList();
        return new PhaseDescription(
                topic,
                sends.map(x -> x.partitions().stream()
                                .map(PartitionAcks::partition)
                                .toList())
                        .orElse(List.of()),
                read.group().consumer(),
                instances);
    }

    /** The header's settings are the check that the producer sent what the runner asked for. */
    private void checkSettingsCarried(Tracker t, LatencyView view, List<String> warnings) {
        List<PhaseKey> carried = view.phasesWithId(t.phaseId).stream()
                .map(PhaseView::settings)
                .filter(k -> !k.equals(t.phase.settings().phaseKey()))
                .toList();
        if (!carried.isEmpty()) {
            String w = "phase " + t.phase.name() + ": records with its id carried other settings than asked (" + carried
                    + " instead of " + t.phase.settings().phaseKey() + ")";
            warnings.add(w);
            out.println("WARNING: " + w);
        }
    }

    private static String counts(PhaseCounts c) {
        return String.format(
                Locale.ROOT,
                "acked %d = received %d + lost %d%s, failed %d, redelivered %d",
                c.acked(),
                c.received(),
                c.lost(),
                c.unobserved() > 0 ? " + unobserved " + c.unobserved() : "",
                c.failed(),
                c.redelivered());
    }

    private void progress(Tracker t) throws InterruptedException {
        Instant now = clock.instant();
        long sent = producer.state().counters().sent();
        Optional<PhaseView> latency =
                consumer.latency().phase(t.phaseId, t.phase.settings().phaseKey());
        double seconds = Duration.between(t.lastPoll, now).toNanos() / 1e9;
        Double rate = seconds > 0 ? (sent - t.lastSent) / seconds : null;
        t.lastPoll = now;
        t.lastSent = sent;
        Duration elapsed = Duration.between(t.measureStart, now);
        Duration left = t.phase.duration().minus(elapsed);
        out.printf(
                Locale.ROOT,
                "  phase %d/%d %s  %s / %s (%s left)  send %s/s (target %s)  p99 %s ms (corrected %s ms)%s%n",
                t.index,
                t.count,
                t.label,
                elapsed.toSeconds() + "s",
                seconds(t.phase.duration()),
                (left.toSeconds() + (left.toNanosPart() > 0 ? 1 : 0)) + "s",
                number(rate),
                target(t.phase.settings()),
                latency.map(l -> ms(l.latencyMs().p99())).orElse("n/a"),
                latency.map(l -> ms(l.correctedLatencyMs().p99())).orElse("n/a"),
                latency.filter(l -> l.lost() > 0).map(l -> "  lost " + l.lost()).orElse(""));
    }

    /** The phase cut short: its window ends now, with whatever the endpoints still answer; it is not fenced. */
    private Optional<PhaseRecord> partial(Tracker t, List<String> warnings) {
        if (t.faults != null) {
            // Cut short with a broker down: it is brought back before anything else.
            Thread.interrupted();
            try {
                restartWhatIsDown(t, warnings);
            } catch (InterruptedException | RuntimeException e) {
                warnings.add("phase " + t.phase.name() + " was cut short with a broker down and its restart failed: "
                        + e.getMessage() + "; restart it with scripts/lab up");
            }
        }
        Instant end = clock.instant();
        long sentAtEnd = t.lastSent;
        PhaseView latency = null;
        PhaseSends sends = null;
        PhaseCounts counts = null;
        try {
            ProducerStatus status = producer.state();
            sentAtEnd = status.counters().sent();
            sends = status.phaseSends(t.phaseId).orElse(null);
        } catch (EndpointException | InterruptedException e) {
            end = t.lastPoll;
            warnings.add("phase " + t.phase.name()
                    + " was cut short; the producer's last count could not be read, so its rate "
                    + "covers the window up to the last progress poll: " + e.getMessage());
        }
        try {
            LatencyView view = consumer.latency();
            Optional<PhaseView> own = view.phase(t.phaseId, t.phase.settings().phaseKey());
            latency = own.orElse(null);
            if (sends != null) {
                counts = PhaseCounts.of(sends, view.ledger(sends.topic()), own);
            }
        } catch (EndpointException | InterruptedException e) {
            warnings.add("phase " + t.phase.name() + " was cut short and the consumer's figures could not be read: "
                    + e.getMessage());
        }
        return Optional.of(t.record(end, sentAtEnd, new Closed(latency, sends, counts, false, null), false));
    }

    private ProducerStatus stopLoad(List<String> warnings) {
        try {
            ProducerStatus s = producer.apply(SettingsChange.stop());
            out.println("load stopped (producer running=" + s.running() + ")");
            return s;
        } catch (EndpointException | InterruptedException e) {
            String w = "could not stop the load: " + e.getMessage() + " (stop it with POST {\"running\":false} to "
                    + producer.endpoint() + ")";
            warnings.add(w);
            out.println("WARNING: " + w);
            return null;
        }
    }

    /** Whether the phase writes a topic the runner creates for it. */
    private static boolean ownTopic(Phase phase) {
        return phase.topic() != null && phase.topic().created();
    }

    /** Topics a run cut short created: not left behind unless the scenario keeps them. */
    /**
     * The consumer settings in effect before a run whose phases change them: the run puts them back
     * at its end, so the next run (a linger sweep after consumer-batching, say) measures the consumer
     * it expects, not the last phase's mode. Null when no phase changes them.
     */
    private ConsumerSettings consumerToRestore(Scenario scenario) throws InterruptedException {
        if (scenario.phases().stream().noneMatch(p -> p.consumer() != null)) {
            return null;
        }
        return consumer.status().settings();
    }

    private void restoreConsumer(ConsumerSettings before, List<String> warnings) {
        if (before == null) {
            return;
        }
        try {
            ConsumerStatus now = consumer.apply(ConsumerChange.to(before));
            if (!now.consuming()) {
                consumer.consuming(true);
            }
            out.println("Consumer settings restored to those before the run: " + now.summary());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            warnings.add("the consumer settings before the run were not restored (interrupted)");
        } catch (EndpointException e) {
            String w = "the consumer settings before the run could not be restored: " + e.getMessage();
            warnings.add(w);
            out.println("WARNING: " + w);
        }
    }

    private void deleteLeftTopics(List<String> warnings) {
        for (String topic : List.copyOf(created)) {
            try {
                topics.delete(topic);
                created.remove(topic);
                out.println("topic " + topic + " deleted");
            } catch (TopicException | InterruptedException e) {
                warnings.add("could not delete topic " + topic + " this run created: " + e.getMessage());
            }
        }
    }

    /** Waits (bounded) until the consumer has received everything the producer sent. */
    private LatencyView drain(ProducerStatus finalProducer, List<String> warnings) {
        Instant deadline = clock.instant().plus(options.drainTimeout());
        List<ProducerStatus> each = eachProducer(finalProducer);
        LatencyView last = null;
        try {
            while (true) {
                last = consumer.latency();
                if (Drained.check(last, each)) {
                    return last;
                }
                if (!clock.instant().isBefore(deadline)) {
                    String w = "the consumer still had " + last.totals().pending() + " records pending after "
                            + Durations.format(options.drainTimeout()) + "; totals are as of then";
                    warnings.add(w);
                    out.println("WARNING: " + w);
                    return last;
                }
                sleeper.sleep(options.drainPoll());
            }
        } catch (EndpointException | InterruptedException e) {
            warnings.add("could not wait for the consumer to catch up: " + e.getMessage());
            return last;
        }
    }

    private LatencyView latestConsumer(List<String> warnings) {
        try {
            return consumer.latency();
        } catch (EndpointException | InterruptedException e) {
            warnings.add("could not read the consumer's totals: " + e.getMessage());
            return null;
        }
    }

    private void sleep(Duration d) throws InterruptedException {
        checkAbort();
        sleeper.sleep(d);
        checkAbort();
    }

    private void checkAbort() throws InterruptedException {
        if (abortRequested) {
            throw new InterruptedException(abortReason);
        }
    }

    private static String number(Double v) {
        if (v == null) {
            return "n/a";
        }
        return v >= 100 || v == Math.rint(v)
                ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String target(ProducerSettings s) {
        return s.unthrottled() ? "unthrottled" : number(s.rate()) + "/s";
    }

    private static String ms(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.1f", v);
    }

    private static String seconds(Duration d) {
        return Math.max(0, Math.round(d.toMillis() / 1000.0)) + "s";
    }

    /** A phase's figures once it is closed (or given up on). */
    private record Closed(
            PhaseView latency, PhaseSends sends, PhaseCounts counts, boolean fenced, PhaseDescription description) {}

    /** Mutable progress of the phase being run, so an interruption knows how far it got. */
    private static final class Tracker {
        final int index;
        final int count;
        final Phase phase;
        final int phaseId;
        /** The phase's name, with its repeat when the scenario repeats ({@code linger-5#2}). */
        final String label;

        Instant startedAt;
        Instant measureStart;
        long sentAtStart;
        Instant lastPoll;
        long lastSent;
        /** The phase's own topic on disk once it was retired; null for the lab topic. */
        TopicDisk disk;
        /** From the phase's first fault step until it is closed. */
        FaultWatch faults;

        double thresholdMs;
        /** The phase's next fault step to carry out. */
        int nextFault;
        /** The node a {@code leader} kill or stop took down, for the {@code leader} restart. */
        int downLeader = -1;

        Outage outage;

        PhaseRecord record(Instant end, long sentAtEnd, Closed closed, boolean complete) {
            return new PhaseRecord(
                    index,
                    phase,
                    phaseId,
                    startedAt,
                    measureStart,
                    end,
                    sentAtStart,
                    sentAtEnd,
                    closed.latency,
                    closed.sends,
                    closed.counts,
                    closed.fenced,
                    closed.description,
                    disk,
                    complete,
                    outage);
        }

        Tracker(int index, int count, Phase phase, int phaseId, String label) {
            this.index = index;
            this.count = count;
            this.phase = phase;
            this.phaseId = phaseId;
            this.label = label;
        }
    }
}
