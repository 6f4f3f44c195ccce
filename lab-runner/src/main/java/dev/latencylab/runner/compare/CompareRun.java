package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.http.EndpointException;
import dev.latencylab.runner.lab.ConsumerClient;
import dev.latencylab.runner.lab.ProducerClient;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.run.Sleeper;
import dev.latencylab.runner.scenario.Durations;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison: the lab's producer-app unthrottled against ProducerPerformance, then the lab's
 * e2e p50 at a low rate against EndToEndLatency, alternating lab and tool for each round on the
 * same running stack. Every figure is kept, a miss included; a failure stops the run, stops the
 * load and still returns what was measured.
 */
public final class CompareRun {

    /** More than ProducerPerformance can send in its time: it is stopped, never runs dry. */
    static final long UNBOUNDED_RECORDS = 1_000_000_000L;
    /** Time for the tool's JVM to start and its producer to connect, before its own clock (and warm-up) starts. */
    static final Duration TOOL_START_ALLOWANCE = Duration.ofSeconds(8);

    static final long MIN_E2E_RECORDS = 500;
    /** Unmeasured records of the closed-loop floor, for the runner's JIT and the clients' connections. */
    static final int FLOOR_WARMUP_RECORDS = 200;

    private final CompareSettings settings;
    private final LabDriver lab;
    private final KafkaTools tools;
    private final ToolRunner runner;
    private final FloorProbe floor;
    private final BenchTopic topics;
    private final ToolLogs logs;
    private final Clock clock;
    private final PrintStream out;

    private volatile boolean abortRequested;
    private volatile String abortReason;
    private volatile Thread worker;

    public CompareRun(
            CompareSettings settings,
            ProducerClient producer,
            ConsumerClient consumer,
            KafkaTools tools,
            ToolRunner runner,
            FloorProbe floor,
            Path toolLogDir,
            Clock clock,
            Sleeper sleeper,
            PrintStream out) {
        this.settings = settings;
        this.lab = new LabDriver(producer, consumer, clock, sleeper, out);
        this.tools = tools;
        this.runner = runner;
        this.floor = floor;
        this.logs = new ToolLogs(toolLogDir);
        this.topics = new BenchTopic(tools, runner, logs, clock, sleeper);
        this.clock = clock;
        this.out = out;
    }

    /** Ctrl-C: stop the child tool and the load, keep what was measured. */
    public void abort(String reason) {
        abortReason = reason;
        abortRequested = true;
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
        List<String> warnings = new ArrayList<>();
        String stopReason = null;
        String toolsVersion = null;
        TopicLayout layout = null;
        CompareResult.PublishDelay publishDelay = null;
        try {
            toolsVersion = tools.requireToolsJar();
            layout = topics.describe(settings.labTopic());
            out.printf("Bench topic %s: recreated like %s (%s)%n", settings.topic(), settings.labTopic(), layout);
            topics.recreate(settings.topic(), layout);
            checkAbort();
            lab.stop();
            awaitConsumer("before the first round", warnings);
            if (!settings.stackWarmup().isZero()) {
                // The brokers' JIT warms up under the first heavy load: whoever ran first would pay for it.
                out.printf(
                        "%nStack warm-up: %s of unthrottled lab load, not measured%n",
                        Durations.format(settings.stackWarmup()));
                lab.warmUp(settings.unthrottled(), settings.stackWarmup());
                awaitConsumer("after the stack warm-up", warnings);
            }
            lab.resetConsumer();
            for (int i = 1; i <= settings.rounds(); i++) {
                throughputRound(i, throughput, warnings);
            }
            publishDelay = publishDelayAtHalfCeiling(throughput, warnings);
            for (int i = 1; i <= settings.rounds(); i++) {
                latencyRound(i, latency);
            }
        } catch (InterruptedException e) {
            stopReason = abortReason != null ? abortReason : "interrupted";
        } catch (CompareException | EndpointException e) {
            stopReason = "failed: " + e.getMessage();
        } finally {
            worker = null;
            // Cleanup talks HTTP and runs a tool: it must not see a pending interrupt.
            Thread.interrupted();
        }
        if (stopReason != null) {
            out.println();
            out.println("Stopping: " + stopReason);
        }
        cleanUp(warnings);
        Verdict tv = verdictOfThroughput(throughput);
        Verdict lv = verdictOfLatency(latency);
        Verdict fv = verdictOfFloor(latency);
        Verdict pv = publishDelay == null || publishDelay.publishDelayMs() == null
                ? null
                : Goals.publishDelay(
                        publishDelay.rate(), publishDelay.publishDelayMs().p99());
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
                Differences.all(),
                warnings);
    }

    /** Odd rounds run the lab first, even rounds the tool first: a drift over the run (JIT, page cache, disk) favours neither. */
    static boolean labFirst(int round) {
        return round % 2 == 1;
    }

    private void throughputRound(int i, List<CompareResult.ThroughputRound> rounds, List<String> warnings)
            throws InterruptedException {
        LabThroughput l;
        ToolThroughput t;
        if (labFirst(i)) {
            l = labThroughput(i, SAME_WORK, settings.unthrottled(), false, warnings);
            t = toolThroughput(i, warnings);
        } else {
            t = toolThroughput(i, warnings);
            l = labThroughput(i, SAME_WORK, settings.unthrottled(), false, warnings);
        }
        LabThroughput realistic = labThroughput(i, REALISTIC, settings.realistic(), true, warnings);
        CompareResult.ThroughputRound round = new CompareResult.ThroughputRound(
                i, labFirst(i), l, t.measured(), t.output(), t.ranFor(), t.command(), realistic);
        rounds.add(round);
        out.printf(
                Locale.ROOT,
                "throughput %d/%d: lab %s / ProducerPerformance %s records/s = %s; realistic lab %s records/s = %s of the"
                        + " same-work lab%n",
                i,
                settings.rounds(),
                Numbers.rate(l.ackedPerSec()),
                Numbers.rate(t.measured().recordsPerSec()),
                Numbers.ratio(round.ratio()),
                Numbers.rate(realistic.ackedPerSec()),
                Numbers.ratio(round.realismRatio()));
    }

    static final String SAME_WORK = "the tool's work (payload fixed, no key, no lab header, the tool's topic)";
    static final String REALISTIC = "realistic (payload words, keyed by order id, the lab header)";

    /**
     * @param header false: the tool's work exactly, without the lab's header, to the tool's topic
     *     (the header is part of the cost of realism)
     */
    private LabThroughput labThroughput(int i, String what, ProducerSettings s, boolean header, List<String> warnings)
            throws InterruptedException {
        int n = settings.rounds();
        out.printf(
                Locale.ROOT,
                "%nthroughput %d/%d, lab: producer-app unthrottled, %s, linger.ms=%d batch.size=%d acks=all %d B; "
                        + "warm-up %s, measure %s%n",
                i,
                n,
                what,
                settings.lingerMs(),
                settings.batchSize(),
                CompareSettings.RECORD_BYTES,
                Durations.format(settings.warmup()),
                Durations.format(settings.duration()));
        checkAbort();
        // ProducerPerformance writes a topic nobody reads; the lab's topic is read by the consumer-app,
        // whose CPU would otherwise count against the producer on a shared machine. Paused, the
        // records wait on the brokers and are read (and accounted for) right after the window.
        lab.consuming(false);
        LabThroughput l;
        try {
            l = header
                    ? lab.unthrottled(s, settings.warmup(), settings.duration())
                    : lab.unthrottledLikeTheTool(s, settings.topic(), settings.warmup(), settings.duration());
        } finally {
            lab.consuming(true);
        }
        out.printf(
                Locale.ROOT,
                "throughput %d/%d, lab: %s records/s acked (%s sent/s, %d failed) over %.1f s%n",
                i,
                n,
                Numbers.rate(l.ackedPerSec()),
                Numbers.rate(l.sentPerSec()),
                l.failed(),
                l.seconds());
        if (l.failed() > 0) {
            warnings.add(
                    "round " + i + ": the producer-app reported " + l.failed() + " failed sends during the window");
        }
        awaitConsumer("after lab throughput round " + i, warnings);
        return l;
    }

    private record ToolThroughput(
            ProducerPerfOutput.Measured measured, ProducerPerfOutput output, String ranFor, List<String> command) {}

    private ToolThroughput toolThroughput(int i, List<String> warnings) throws InterruptedException {
        int n = settings.rounds();
        Duration runFor = settings.warmup().plus(settings.duration()).plus(TOOL_START_ALLOWANCE);
        List<String> cmd = tools.producerPerformance(
                settings.topic(), UNBOUNDED_RECORDS, CompareSettings.RECORD_BYTES, settings.producerProperties());
        out.printf(
                Locale.ROOT,
                "%nthroughput %d/%d, ProducerPerformance: unthrottled for %s (start-up, %s warm-up, %s window), "
                        + "then stopped%n",
                i,
                n,
                Durations.format(runFor),
                Durations.format(settings.warmup()),
                Durations.format(settings.duration()));
        checkAbort();
        ToolRun r = runner.run(cmd, runFor, logs.next("producer-performance-" + i));
        checkAbort();
        // Stopped at the planned time (no exit code) is the normal end; an exit of its own before then is a failure.
        ProducerPerfOutput p = ProducerPerfOutput.parse(r.output()).orElse(null);
        if (p == null || (r.exitCode() != null && r.exitCode() != 0)) {
            throw new CompareException(
                    "ProducerPerformance " + (r.exitCode() == null ? "was stopped" : "exited with " + r.exitCode())
                            + (p == null ? " without printing a rate" : "") + "; output in " + r.log() + ":"
                            + System.lineSeparator()
                            + r.tail(5));
        }
        ProducerPerfOutput.Measured m = p.measure(settings.warmup(), settings.duration())
                .orElseThrow(() -> new CompareException("ProducerPerformance printed no one-second interval after the "
                        + Durations.format(settings.warmup()) + " warm-up; output in " + r.log()));
        if (!m.complete()) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "round %d: ProducerPerformance's intervals cover %.1f s of the %s window "
                            + "(its start-up took longer than %s)",
                    i,
                    m.seconds(),
                    Durations.format(settings.duration()),
                    Durations.format(TOOL_START_ALLOWANCE)));
        }
        out.printf(
                Locale.ROOT,
                "throughput %d/%d, ProducerPerformance: %s records/s acked over %.1f s%n",
                i,
                n,
                Numbers.rate(m.recordsPerSec()),
                m.seconds());
        return new ToolThroughput(m, p, Durations.format(runFor), cmd);
    }

    private void latencyRound(int i, List<CompareResult.LatencyRound> rounds) throws InterruptedException {
        PhaseView l;
        ToolLatency t;
        Floor f;
        Floor paced;
        Duration pace = Duration.ofNanos(1_000_000_000L / settings.lowRate());
        if (labFirst(i)) {
            l = labLatency(i);
            t = toolLatency(i);
            f = floor(i, t.records(), Duration.ZERO);
            paced = floor(i, t.records(), pace);
        } else {
            t = toolLatency(i);
            f = floor(i, t.records(), Duration.ZERO);
            paced = floor(i, t.records(), pace);
            l = labLatency(i);
        }
        CompareResult.LatencyRound round =
                new CompareResult.LatencyRound(i, labFirst(i), l, t.result(), t.records(), t.command(), f, paced);
        rounds.add(round);
        out.printf(
                Locale.ROOT,
                "latency %d/%d: lab p50 %s ms / paced closed-loop floor p50 %s ms = %s%n",
                i,
                settings.rounds(),
                Numbers.ms3(l.latencyMs() == null ? null : l.latencyMs().p50()),
                Numbers.ms3(paced.e2eMs().p50()),
                Numbers.ratio(round.floorRatio()));
    }

    private Floor floor(int i, long records, Duration pace) throws InterruptedException {
        out.printf(
                Locale.ROOT,
                "%nlatency %d/%d, closed-loop floor: %d records one at a time, %s (after %d unmeasured), timed in µs; "
                        + "producer %s, consumer %s%n",
                i,
                settings.rounds(),
                records,
                pace.isZero() ? "back to back" : "at most one per " + pace.toMillis() + " ms",
                FLOOR_WARMUP_RECORDS,
                ClosedLoopFloor.producerSettings(settings.batchSize()),
                ClosedLoopFloor.consumerSettings());
        checkAbort();
        Floor f = floor.measure(
                settings.topic(), (int) records, FLOOR_WARMUP_RECORDS, CompareSettings.RECORD_BYTES, pace);
        out.printf(
                Locale.ROOT,
                "latency %d/%d, closed-loop floor: e2e p50 %s ms, p99 %s ms; ack p50 %s ms over %d records%n",
                i,
                settings.rounds(),
                Numbers.ms3(f.e2eMs().p50()),
                Numbers.ms3(f.e2eMs().p99()),
                Numbers.ms3(f.ackMs().p50()),
                f.records());
        return f;
    }

    /**
     * The producer-app at half its realistic ceiling (the mean over the rounds), consumer reading, as
     * a scenario runs it: how late the open-loop sender is there.
     */
    private CompareResult.PublishDelay publishDelayAtHalfCeiling(
            List<CompareResult.ThroughputRound> rounds, List<String> warnings) throws InterruptedException {
        double ceiling = rounds.stream()
                .filter(r -> r.labRealistic() != null)
                .mapToDouble(r -> r.labRealistic().ackedPerSec())
                .average()
                .orElse(0);
        double rate = Math.floor(ceiling / 2 / 100) * 100;
        if (rate < 100) {
            warnings.add("publish delay at half the ceiling not measured: no realistic ceiling to halve");
            return null;
        }
        out.printf(
                Locale.ROOT,
                "%npublish delay: producer-app at %s records/s (half its realistic ceiling of %s), consumer reading; "
                        + "warm-up %s, measure %s%n",
                Numbers.rate(rate),
                Numbers.rate(ceiling),
                Durations.format(settings.warmup()),
                Durations.format(settings.duration()));
        checkAbort();
        // Ids of this run's own (warm-up, window, after): the producer-app remembers phases by id, and a
        // window id used by an earlier compare would add that run's sends to this one's.
        int phase = ScenarioRunner.firstPhaseId(clock.instant());
        CompareResult.PublishDelay d =
                lab.publishDelay(settings.atRate(rate), phase, settings.warmup(), settings.duration());
        out.printf(
                Locale.ROOT,
                "publish delay: %s records/s sent; p50 %s ms, p99 %s ms, p99.9 %s ms, max %s ms%n",
                Numbers.rate(d.sentPerSec()),
                Numbers.ms3(
                        d.publishDelayMs() == null ? null : d.publishDelayMs().p50()),
                Numbers.ms3(
                        d.publishDelayMs() == null ? null : d.publishDelayMs().p99()),
                Numbers.ms3(
                        d.publishDelayMs() == null ? null : d.publishDelayMs().p999()),
                Numbers.ms3(
                        d.publishDelayMs() == null ? null : d.publishDelayMs().max()));
        if (!d.account().isEmpty()) {
            out.println("publish delay: " + d.account());
        }
        awaitConsumer("after the publish-delay window", warnings);
        return d;
    }

    private PhaseView labLatency(int i) throws InterruptedException {
        int n = settings.rounds();
        out.printf(
                Locale.ROOT,
                "%nlatency %d/%d, lab: %d records/s, linger.ms=0 batch.size=%d acks=all %d B; warm-up %s, measure %s%n",
                i,
                n,
                settings.lowRate(),
                settings.batchSize(),
                CompareSettings.RECORD_BYTES,
                Durations.format(settings.warmup()),
                Durations.format(settings.duration()));
        checkAbort();
        PhaseView l = lab.lowRate(settings.lowRateSettings(), settings.warmup(), settings.duration());
        out.printf(
                Locale.ROOT,
                "latency %d/%d, lab: e2e p50 %s ms, p99 %s ms over %d records%n",
                i,
                n,
                Numbers.ms(l.latencyMs().p50()),
                Numbers.ms(l.latencyMs().p99()),
                l.count());
        return l;
    }

    private record ToolLatency(EndToEndResult result, long records, List<String> command) {}

    private ToolLatency toolLatency(int i) throws InterruptedException {
        int n = settings.rounds();
        long records = Math.max(
                MIN_E2E_RECORDS, (long) settings.lowRate() * settings.duration().toSeconds());
        List<String> cmd = tools.endToEndLatency(settings.topic(), records, CompareSettings.RECORD_BYTES);
        out.printf(Locale.ROOT, "%nlatency %d/%d, EndToEndLatency: %d records, one at a time%n", i, n, records);
        checkAbort();
        // Closed loop, a few ms per record; a stalled broker makes the tool give up after its own 60 s poll.
        Duration timeout = Duration.ofSeconds(180 + records / 20);
        ToolRun r = runner.run(cmd, timeout, logs.next("end-to-end-latency-" + i));
        checkAbort();
        EndToEndResult e = requireOk(
                r, "EndToEndLatency", timeout, EndToEndResult.parse(r.output()).orElse(null));
        out.printf(
                Locale.ROOT,
                "latency %d/%d, EndToEndLatency: p50 %d ms (whole ms), p99 %d ms, avg %.2f ms%n",
                i,
                n,
                e.p50Ms(),
                e.p99Ms(),
                e.avgMs());
        return new ToolLatency(e, records, cmd);
    }

    private static <T> T requireOk(ToolRun r, String tool, Duration timeout, T parsed) {
        if (r.exitCode() == null) {
            throw new CompareException(tool + " did not finish within " + timeout.toSeconds()
                    + " s and was stopped; output in " + r.log());
        }
        if (!r.ok() || parsed == null) {
            throw new CompareException(
                    tool + " exited with " + r.exitCode() + (parsed == null ? " without its result line" : "")
                            + "; output in " + r.log() + ":" + System.lineSeparator() + r.tail(5));
        }
        return parsed;
    }

    private void awaitConsumer(String when, List<String> warnings) throws InterruptedException {
        if (!lab.awaitConsumer(settings.drainTimeout())) {
            String w = "the consumer-app had not read everything " + when + " after "
                    + Durations.format(settings.drainTimeout()) + "; what followed shared the CPU with its catching up";
            warnings.add(w);
            out.println("WARNING: " + w);
        }
    }

    /** Best effort: the load stops, and the bench topic (GBs after a long run) goes. */
    private void cleanUp(List<String> warnings) {
        try {
            lab.stop();
        } catch (EndpointException | InterruptedException e) {
            warnings.add("could not stop the producer-app's load: " + e.getMessage());
        }
        try {
            topics.delete(settings.topic());
        } catch (CompareException | InterruptedException e) {
            warnings.add("could not delete the bench topic " + settings.topic() + ": " + e.getMessage());
        }
        Thread.interrupted();
    }

    static Verdict verdictOfThroughput(List<CompareResult.ThroughputRound> rounds) {
        if (rounds.isEmpty()) {
            return null;
        }
        double lab = rounds.stream()
                .mapToDouble(r -> r.lab().ackedPerSec())
                .average()
                .orElseThrow();
        double tool = rounds.stream()
                .mapToDouble(r -> r.toolMeasured().recordsPerSec())
                .average()
                .orElseThrow();
        return Goals.throughput(lab, tool);
    }

    static Verdict verdictOfLatency(List<CompareResult.LatencyRound> rounds) {
        if (rounds.isEmpty() || rounds.stream().anyMatch(r -> r.lab().latencyMs() == null)) {
            return null;
        }
        double lab = rounds.stream()
                .mapToDouble(r -> r.lab().latencyMs().p50())
                .average()
                .orElseThrow();
        double tool =
                rounds.stream().mapToDouble(r -> r.tool().p50Ms()).average().orElseThrow();
        return Goals.latency(lab, tool);
    }

    static Verdict verdictOfFloor(List<CompareResult.LatencyRound> rounds) {
        if (rounds.isEmpty() || rounds.stream().anyMatch(r -> r.lab().latencyMs() == null || r.pacedFloor() == null)) {
            return null;
        }
        double lab = rounds.stream()
                .mapToDouble(r -> r.lab().latencyMs().p50())
                .average()
                .orElseThrow();
        double floorP50 = rounds.stream()
                .mapToDouble(r -> r.pacedFloor().e2eMs().p50())
                .average()
                .orElseThrow();
        return Goals.floor(lab, floorP50);
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
                Durations.format(settings.duration()),
                settings.rounds(),
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

    private void checkAbort() throws InterruptedException {
        if (abortRequested) {
            throw new InterruptedException(abortReason);
        }
    }
}
