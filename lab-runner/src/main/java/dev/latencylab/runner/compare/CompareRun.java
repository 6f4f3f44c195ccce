package dev.latencylab.runner.compare;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencylab.runner.lab.ConsumerClient;
import dev.latencylab.runner.lab.EndpointException;
import dev.latencylab.runner.lab.LatencyReport;
import dev.latencylab.runner.lab.ProducerClient;
import dev.latencylab.runner.run.Sleeper;
import dev.latencylab.runner.scenario.Durations;

/**
 * The comparison: the lab's producer-app unthrottled against ProducerPerformance, then the lab's
 * e2e p50 at a low rate against EndToEndLatency, alternating lab and tool for each round on the
 * same running stack. Every figure is kept, a miss included; a failure stops the run, stops the
 * load and still returns what was measured.
 */
public final class CompareRun {

    /** ProducerPerformance runs at least this many records, however slow the lab was. */
    static final long MIN_PERF_RECORDS = 10_000;
    static final long MIN_E2E_RECORDS = 500;
    static final double PERF_RECORDS_MARGIN = 1.5;

    private final CompareSettings settings;
    private final LabDriver lab;
    private final KafkaTools tools;
    private final ToolRunner runner;
    private final BenchTopic topics;
    private final ToolLogs logs;
    private final Clock clock;
    private final PrintStream out;

    private volatile boolean abortRequested;
    private volatile String abortReason;
    private volatile Thread worker;

    public CompareRun(CompareSettings settings, ProducerClient producer, ConsumerClient consumer, KafkaTools tools,
            ToolRunner runner, Path toolLogDir, Clock clock, Sleeper sleeper, PrintStream out) {
        this.settings = settings;
        this.lab = new LabDriver(producer, consumer, clock, sleeper, out);
        this.tools = tools;
        this.runner = runner;
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
        try {
            toolsVersion = tools.requireToolsJar();
            layout = topics.describe(settings.labTopic());
            out.printf("Bench topic %s: recreated like %s (%s)%n", settings.topic(), settings.labTopic(), layout);
            topics.recreate(settings.topic(), layout);
            checkAbort();
            lab.stop();
            awaitConsumer("before the first round", warnings);
            lab.resetConsumer();
            for (int i = 1; i <= settings.rounds(); i++) {
                throughputRound(i, throughput, warnings);
            }
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
        return new CompareResult(startedAt, clock.instant(), stopReason == null, stopReason, commandLine,
                setup(layout, toolsVersion), throughput, tv, latency, lv, Differences.all(), warnings);
    }

    private void throughputRound(int i, List<CompareResult.ThroughputRound> rounds, List<String> warnings)
            throws InterruptedException {
        int n = settings.rounds();
        out.printf(Locale.ROOT, "%nthroughput %d/%d, lab: producer-app unthrottled, linger.ms=%d batch.size=%d acks=all %d B; "
                + "warm-up %s, measure %s%n", i, n, settings.lingerMs(), settings.batchSize(), CompareSettings.RECORD_BYTES,
                Durations.format(settings.warmup()), Durations.format(settings.duration()));
        checkAbort();
        LabThroughput l = lab.unthrottled(settings.unthrottled(), settings.warmup(), settings.duration());
        out.printf(Locale.ROOT, "throughput %d/%d, lab: %s records/s acked (%s sent/s, %d failed) over %.1f s%n", i, n,
                Numbers.rate(l.ackedPerSec()), Numbers.rate(l.sentPerSec()), l.failed(), l.seconds());
        if (l.failed() > 0) {
            warnings.add("round " + i + ": the producer-app reported " + l.failed() + " failed sends during the window");
        }
        awaitConsumer("after lab throughput round " + i, warnings);

        double windowSeconds = (settings.warmup().toMillis() + settings.duration().toMillis()) / 1000.0;
        // Half as many again as the lab would send in warm-up + window: the tool's window is full even if it is faster.
        long records = Math.max(MIN_PERF_RECORDS, Math.round(l.ackedPerSec() * windowSeconds * PERF_RECORDS_MARGIN));
        List<String> cmd = tools.producerPerformance(settings.topic(), records, CompareSettings.RECORD_BYTES,
                settings.producerProperties());
        out.printf(Locale.ROOT, "throughput %d/%d, ProducerPerformance: %d records, unthrottled; measured over the same "
                + "window (after %s, for %s)%n", i, n, records, Durations.format(settings.warmup()), Durations.format(settings.duration()));
        checkAbort();
        Duration timeout = Duration.ofSeconds(Math.max(180, Math.round(windowSeconds * 6)));
        ToolRun r = runner.run(cmd, timeout, logs.next("producer-performance-" + i));
        checkAbort();
        ProducerPerfOutput p = requireOk(r, "ProducerPerformance", timeout, ProducerPerfOutput.parse(r.output()).orElse(null));
        ProducerPerfOutput.Measured m = p.measure(settings.warmup(), settings.duration()).orElseThrow(() -> new CompareException(
                "ProducerPerformance printed no interval after the " + Durations.format(settings.warmup()) + " warm-up (it sent "
                        + p.summary().records() + " records at " + Numbers.rate(p.summary().recordsPerSec())
                        + " records/s overall); output in " + r.log()));
        if (!m.complete()) {
            warnings.add(String.format(Locale.ROOT, "round %d: ProducerPerformance finished early; its rate covers %.1f s, "
                    + "not the whole %s window", i, m.seconds(), Durations.format(settings.duration())));
        }
        CompareResult.ThroughputRound round = new CompareResult.ThroughputRound(i, l, m, p, records, cmd);
        rounds.add(round);
        out.printf(Locale.ROOT, "throughput %d/%d, ProducerPerformance: %s records/s acked over %.1f s (overall %s), "
                + "ratio lab/tool %s%n", i, n, Numbers.rate(m.recordsPerSec()), m.seconds(),
                Numbers.rate(p.summary().recordsPerSec()), Numbers.ratio(round.ratio()));
    }

    private void latencyRound(int i, List<CompareResult.LatencyRound> rounds) throws InterruptedException {
        int n = settings.rounds();
        out.printf(Locale.ROOT, "%nlatency %d/%d, lab: %d records/s, linger.ms=0 batch.size=%d acks=all %d B; warm-up %s, measure %s%n",
                i, n, settings.lowRate(), settings.batchSize(), CompareSettings.RECORD_BYTES,
                Durations.format(settings.warmup()), Durations.format(settings.duration()));
        checkAbort();
        LatencyReport.PhaseLatency l = lab.lowRate(settings.lowRateSettings(), settings.warmup(), settings.duration());
        out.printf(Locale.ROOT, "latency %d/%d, lab: e2e p50 %s ms, p99 %s ms over %d records%n", i, n,
                Numbers.ms(l.latencyMs().p50()), Numbers.ms(l.latencyMs().p99()), l.count());

        long records = Math.max(MIN_E2E_RECORDS, (long) settings.lowRate() * settings.duration().toSeconds());
        List<String> cmd = tools.endToEndLatency(settings.topic(), records, CompareSettings.RECORD_BYTES);
        out.printf(Locale.ROOT, "latency %d/%d, EndToEndLatency: %d records, one at a time%n", i, n, records);
        checkAbort();
        // Closed loop, a few ms per record; a stalled broker makes the tool give up after its own 60 s poll.
        Duration timeout = Duration.ofSeconds(180 + records / 20);
        ToolRun r = runner.run(cmd, timeout, logs.next("end-to-end-latency-" + i));
        checkAbort();
        EndToEndResult e = requireOk(r, "EndToEndLatency", timeout, EndToEndResult.parse(r.output()).orElse(null));
        rounds.add(new CompareResult.LatencyRound(i, l, e, records, cmd));
        out.printf(Locale.ROOT, "latency %d/%d, EndToEndLatency: p50 %d ms (whole ms), p99 %d ms, avg %.2f ms%n", i, n,
                e.p50Ms(), e.p99Ms(), e.avgMs());
    }

    private static <T> T requireOk(ToolRun r, String tool, Duration timeout, T parsed) {
        if (r.exitCode() == null) {
            throw new CompareException(tool + " did not finish within " + timeout.toSeconds() + " s and was stopped; output in " + r.log());
        }
        if (!r.ok() || parsed == null) {
            throw new CompareException(tool + " exited with " + r.exitCode() + (parsed == null ? " without its result line" : "")
                    + "; output in " + r.log() + ":" + System.lineSeparator() + r.tail(5));
        }
        return parsed;
    }

    private void awaitConsumer(String when, List<String> warnings) throws InterruptedException {
        if (!lab.awaitConsumer(settings.drainTimeout())) {
            String w = "the consumer-app had not read everything " + when + " after " + Durations.format(settings.drainTimeout())
                    + "; what followed shared the CPU with its catching up";
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
        double lab = rounds.stream().mapToDouble(r -> r.lab().ackedPerSec()).average().orElseThrow();
        double tool = rounds.stream().mapToDouble(r -> r.toolMeasured().recordsPerSec()).average().orElseThrow();
        return Goals.throughput(lab, tool);
    }

    static Verdict verdictOfLatency(List<CompareResult.LatencyRound> rounds) {
        if (rounds.isEmpty() || rounds.stream().anyMatch(r -> r.lab().latencyMs() == null || r.lab().latencyMs().p50() == null)) {
            return null;
        }
        double lab = rounds.stream().mapToDouble(r -> r.lab().latencyMs().p50()).average().orElseThrow();
        double tool = rounds.stream().mapToDouble(r -> r.tool().p50Ms()).average().orElseThrow();
        return Goals.latency(lab, tool);
    }

    private CompareResult.Setup setup(TopicLayout layout, String toolsVersion) {
        return new CompareResult.Setup("all", CompareSettings.RECORD_BYTES, CompareSettings.COMPRESSION, settings.lingerMs(),
                settings.batchSize(), settings.lowRate(), 0, Durations.format(settings.warmup()),
                Durations.format(settings.duration()), settings.rounds(), settings.labTopic(), settings.topic(), layout,
                settings.producerProperties(), toolsVersion == null ? null : "kafka-tools " + toolsVersion,
                System.getProperty("java.vendor") + " " + System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors());
    }

    private void checkAbort() throws InterruptedException {
        if (abortRequested) {
            throw new InterruptedException(abortReason);
        }
    }
}
