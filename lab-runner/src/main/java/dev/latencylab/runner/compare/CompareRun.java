package dev.latencylab.runner.compare;

import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.topics.TopicOwnership;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The comparison: the lab's producer-app unthrottled against ProducerPerformance, the consumer-app
 * draining a backlog against ConsumerPerformance, then the lab's e2e p50 at a low rate against
 * EndToEndLatency, alternating lab and tool for each round on the same running stack. Every figure is kept, a miss included; a failure stops the run, stops the
 * load and still returns what was measured.
 *
 * <p>A round is {@link ThroughputRounds}' or {@link LatencyRounds}'; this class orders them,
 * measures the publish delay at half the ceiling, cleans up and judges the goals.
 */
public final class CompareRun {

    private final CompareSettings settings;
    private final LabDriver lab;
    private final KafkaTools tools;
    private final ToolRunner runner;
    private final BenchTopic topics;
    private final Clock clock;
    private final PrintStream out;
    private final CompareContext ctx;
    private final ThroughputRounds throughputRounds;
    private final LatencyRounds latencyRounds;
    private final ConsumerRounds consumerRounds;
    private final CpuWindow cpuWindow;
    private final PublishDelays publishDelays;
    private final FloorProbe floor;

    private volatile Thread worker;

    public CompareRun(
            CompareSettings settings,
            ProducerClient producer,
            ConsumerClient consumer,
            KafkaTools tools,
            ToolRunner runner,
            FloorProbe floor,
            TopicOwnership ownership,
            TopicRecords recordCount,
            Path toolLogDir,
            Clock clock,
            Sleeper sleeper,
            PrintStream out) {
        this.settings = settings;
        this.lab = new LabDriver(producer, consumer, clock, sleeper, out);
        this.tools = tools;
        this.runner = runner;
        this.clock = clock;
        this.out = out;
        this.ctx = new CompareContext(settings, lab, tools, runner, toolLogDir, out);
        this.topics = new BenchTopic(ctx, clock, sleeper, ownership);
        this.throughputRounds = new ThroughputRounds(ctx, recordCount, clock);
        this.floor = floor;
        this.latencyRounds = new LatencyRounds(ctx, floor);
        this.consumerRounds = new ConsumerRounds(ctx, topics, clock);
        this.cpuWindow = new CpuWindow(ctx, recordCount, clock);
        this.publishDelays = new PublishDelays(ctx, clock);
    }

    /** Tests: a folder shaped like /proc, where the producer-app's threads are found. */
    CompareRun procRoot(Path proc) {
        ctx.proc = proc;
        return this;
    }

    /** Ctrl-C: stop the child tool and the load, keep what was measured. */
    public void abort(String reason) {
        ctx.abort.request(reason);
        runner.stopRunning();
        Thread w = worker;
        if (w != null) {
            w.interrupt();
        }
    }

    public CompareResult run(String commandLine) {
        worker = Thread.currentThread();
        Instant startedAt = clock.instant();
        List<CompareResult.ThroughputRound> throughput = new ArrayList<>();
        List<CompareResult.LatencyRound> latency = new ArrayList<>();
        List<CompareResult.ConsumerRound> consumer = new ArrayList<>();
        ConsumerSettings consumerBefore = null;
        List<String> warnings = new ArrayList<>();
        String stopReason = null;
        String toolsVersion = null;
        TopicLayout layout = null;
        CompareResult.PublishDelay publishDelay = null;
        List<CompareResult.CpuCost> cpuRounds = new ArrayList<>();
        try {
            toolsVersion = tools.requireToolsJar();
            layout = topics.describe(settings.labTopic());
            out.printf("Bench topic %s: created like %s (%s)%n", settings.topic(), settings.labTopic(), layout);
            topics.create(settings.topic(), layout);
            ctx.abort.check();
            consumerBefore = lab.consumerSettings();
            lab.stop();
            // The consumer-app fetches and commits as ConsumerPerformance does until the latency part: set before
            // the stack warm-up and the publish-delay window, which it reads, so its listener is not restarted (and
            // its new paths compiled) inside the CPU window it is judged on against the tool.
            lab.consumerFor(
                    ConsumerRounds.AS_THE_TOOL, settings.labTopic(), layout.partitions(), settings.drainTimeout());
            ctx.awaitConsumer("before the first round", warnings);
            if (!settings.stackWarmup().isZero()) {
                // The brokers' JIT warms up under the first heavy load: whoever ran first would pay for it.
                out.printf(
                        "%nStack warm-up: %s of unthrottled lab load, not measured%n",
                        Durations.format(settings.stackWarmup()));
                lab.warmUp(settings.unthrottled(), settings.stackWarmup());
                ctx.awaitConsumer("after the stack warm-up", warnings);
            }
            lab.resetConsumer();
            for (int i = 1; i <= settings.rounds(); i++) {
                throughputRounds.run(i, throughput, warnings);
            }
            publishDelay = publishDelays.atHalfCeiling(throughput, warnings);
            if (publishDelay != null) {
                for (int i = 1; i <= settings.rounds(); i++) {
                    cpuRounds.add(cpuWindow.measure(
                            publishDelay.rate(),
                            ScenarioRunner.firstPhaseId(clock.instant()),
                            i,
                            settings.rounds(),
                            warnings));
                }
            }
            consumerRounds.warmUp(layout);
            for (int i = 1; i <= settings.rounds(); i++) {
                consumerRounds.run(i, layout, consumer);
            }
            // The latency part measures the consumer-app as the user set it, not as the drains did.
            lab.consumerFor(
                    ConsumerChange.to(consumerBefore, true),
                    settings.labTopic(),
                    layout.partitions(),
                    settings.drainTimeout());
            for (int i = 1; i <= settings.rounds(); i++) {
                latencyRounds.run(i, latency);
            }
        } catch (InterruptedException e) {
            stopReason = ctx.abort.stopReason();
        } catch (CompareException | EndpointException e) {
            stopReason = "failed: " + e.getMessage();
        } catch (RuntimeException e) {
            // A tool that cannot be started, a topic call that fails: the load still stops, the rest is written.
            stopReason = "failed: " + e;
        } finally {
            worker = null;
            // Cleanup talks HTTP and runs a tool: it must not see a pending interrupt.
            Thread.interrupted();
        }
        if (stopReason != null) {
            out.println();
            out.println("Stopping: " + stopReason);
        }
        cleanUp(consumerBefore, warnings);
        // The rounds measured before a failure still count: each is whole, and the report says how many there were.
        CompareResult.CpuCost cpu = cpuRounds.isEmpty() ? null : CompareResult.CpuCost.total(cpuRounds);
        Verdict tv = verdictOfThroughput(throughput);
        Verdict lv = verdictOfLatency(latency);
        Verdict fv = verdictOfFloor(latency);
        Verdict pv =
                publishDelay == null || publishDelay.publishDelayMs() == null ? null : Goals.publishDelay(publishDelay);
        return new CompareResult(
                startedAt,
                clock.instant(),
                stopReason == null,
                stopReason,
                commandLine,
                setup(layout, toolsVersion),
                throughput,
                tv,
                latency,
                lv,
                fv,
                publishDelay,
                pv,
                cpu,
                cpuRounds,
                // The producer judged on equal work; the realistic window's figure stays as the cost of realism.
                cpu == null ? null : CpuThreadGoals.producerProcess(cpuRounds),
                // The consumer judged on the same records: the tool's own records carry no key and no header.
                cpu == null ? null : CpuThreadGoals.consumerProcess(cpuRounds),
                cpu == null ? List.of() : CpuThreadGoals.judge(cpuRounds),
                consumer,
                verdictOfConsumer(consumer, CompareResult.ConsumerRound::batch),
                verdictOfConsumer(consumer, CompareResult.ConsumerRound::record),
                Differences.all(),
                warnings);
    }

    /** Odd rounds run the lab first, even rounds the tool first: a drift over the run (JIT, page cache, disk) favours neither. */
    static boolean labFirst(int round) {
        return round % 2 == 1;
    }

    /** Best effort: the load stops, and the bench topic (GBs after a long run) goes if it is the lab's. */
    private void cleanUp(ConsumerSettings consumerBefore, List<String> warnings) {
        floor.close();
        try {
            lab.stop();
        } catch (EndpointException | InterruptedException e) {
            warnings.add("could not stop the producer-app's load: " + e.getMessage());
        }
        try {
            if (consumerBefore != null) {
                lab.restoreConsumer(consumerBefore);
            }
        } catch (EndpointException | InterruptedException e) {
            warnings.add("could not put the consumer-app's settings back (" + consumerBefore + "): " + e.getMessage());
        }
        String drainTopic = consumerRounds.lastTopic();
        try {
            if (drainTopic != null) {
                topics.deleteIfOwn(drainTopic);
            }
        } catch (CompareException | InterruptedException e) {
            warnings.add("could not delete the backlog topic " + drainTopic + ": " + e.getMessage());
        }
        try {
            topics.deleteIfOwn(settings.topic());
        } catch (CompareException | InterruptedException e) {
            warnings.add("could not delete the bench topic " + settings.topic() + ": " + e.getMessage());
        }
        Thread.interrupted();
    }

    /** The median of the rounds' lab / tool ratios; rounds where the tool itself moved are named. */
    static Verdict verdictOfThroughput(List<CompareResult.ThroughputRound> rounds) {
        if (rounds.isEmpty()) {
            return null;
        }
        return Goals.throughput(
                RoundSpread.of(rounds, CompareResult.ThroughputRound::ratio),
                RoundSpread.beyond(rounds, r -> r.toolMeasured().recordsPerSec(), Goals.PRODUCER_TOOL_STEADY),
                RoundSpread.medianOf(rounds, r -> r.lab().lateRatio()),
                RoundSpread.medianOf(rounds, r -> r.toolMeasured().lateRatio()));
    }

    /** One listener's drain rate over ConsumerPerformance's in the same round; the median of the rounds judged. */
    static Verdict verdictOfConsumer(
            List<CompareResult.ConsumerRound> rounds, Function<CompareResult.ConsumerRound, LabDrain> listener) {
        if (rounds.isEmpty()) {
            return null;
        }
        return Goals.consumer(
                listener.apply(rounds.get(0)).listener(),
                RoundSpread.of(
                        rounds,
                        r -> listener.apply(r).recordsPerSec() / r.tool().recordsPerSec()),
                RoundSpread.beyond(rounds, r -> r.tool().recordsPerSec(), Goals.CONSUMER_TOOL_STEADY));
    }

    static Verdict verdictOfLatency(List<CompareResult.LatencyRound> rounds) {
        if (rounds.isEmpty() || rounds.stream().anyMatch(r -> r.lab().latencyMs() == null)) {
            return null;
        }
        double lab = RoundSpread.of(rounds, r -> r.lab().latencyMs().p50()).median();
        double tool = RoundSpread.of(rounds, r -> r.tool().p50Ms()).median();
        return Goals.latency(lab, tool);
    }

    /** The median of the rounds' lab / paced floor ratios, with the ratio to the busy-poll bound beside it. */
    static Verdict verdictOfFloor(List<CompareResult.LatencyRound> rounds) {
        if (rounds.isEmpty() || rounds.stream().anyMatch(r -> r.floorRatio() == null)) {
            return null;
        }
        RoundSpread busyPoll = rounds.stream().anyMatch(r -> r.busyPollRatio() == null)
                ? null
                : RoundSpread.of(rounds, CompareResult.LatencyRound::busyPollRatio);
        return Goals.floor(RoundSpread.of(rounds, CompareResult.LatencyRound::floorRatio), busyPoll);
    }

    private CompareResult.Setup setup(TopicLayout layout, String toolsVersion) {
        return new CompareResult.Setup(
                "all",
                CompareSettings.RECORD_BYTES,
                CompareSettings.COMPRESSION.kafkaName(),
                settings.lingerMs(),
                settings.batchSize(),
                settings.lowRate(),
                0,
                Durations.format(settings.stackWarmup()),
                Durations.format(settings.warmup()),
                Durations.format(settings.toolJvmWarmup()),
                Durations.format(settings.newToolWarmup()),
                Durations.format(settings.duration()),
                settings.rounds(),
                settings.backlogRecords(),
                settings.drainTopic(),
                ConsumerRounds.TOOL_FETCH,
                settings.labTopic(),
                settings.topic(),
                layout,
                settings.producerProperties(),
                toolsVersion == null ? null : "kafka-tools " + toolsVersion,
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors());
    }
}
