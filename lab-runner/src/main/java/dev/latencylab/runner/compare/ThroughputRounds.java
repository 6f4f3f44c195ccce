package dev.latencylab.runner.compare;

import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.scenario.Durations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A throughput round of the comparison: the lab's producer-app unthrottled against
 * ProducerPerformance, in the round's order, then the lab again with a realistic load.
 */
final class ThroughputRounds {

    /** More than ProducerPerformance can send in its time: it is stopped, never runs dry. */
    static final long UNBOUNDED_RECORDS = 1_000_000_000L;
    /**
     * How long ProducerPerformance runs on after its window: its clock started at most a poll before its first
     * records were seen, and it prints the interval that ends its window up to a second later.
     */
    static final Duration TOOL_LAST_INTERVAL = Duration.ofSeconds(2);

    static final String SAME_WORK = "the tool's work (payload fixed, no key, no lab header, the tool's topic)";
    static final String REALISTIC = "realistic (payload words, keyed by order id, the lab header)";

    private final CompareContext ctx;
    private final TopicRecords count;
    private final Clock clock;

    ThroughputRounds(CompareContext ctx, TopicRecords count, Clock clock) {
        this.ctx = ctx;
        this.count = count;
        this.clock = clock;
    }

    void run(int i, List<CompareResult.ThroughputRound> rounds, List<String> warnings) throws InterruptedException {
        LabSide l;
        ToolThroughput t;
        if (CompareRun.labFirst(i)) {
            l = labThroughput(i, SAME_WORK, ctx.settings.unthrottled(), false, warnings);
            t = toolThroughput(i, warnings);
        } else {
            t = toolThroughput(i, warnings);
            l = labThroughput(i, SAME_WORK, ctx.settings.unthrottled(), false, warnings);
        }
        LabSide realistic = labThroughput(i, REALISTIC, ctx.settings.realistic(), true, warnings);
        CompareResult.ThroughputRound round = new CompareResult.ThroughputRound(
                i,
                CompareRun.labFirst(i),
                l.rate(),
                t.measured(),
                t.output(),
                t.ranFor(),
                t.command(),
                realistic.rate(),
                l.cpu(),
                t.cpu());
        rounds.add(round);
        ctx.out.printf(
                Locale.ROOT,
                "throughput %d/%d: lab %s / ProducerPerformance %s records/s = %s; realistic lab %s records/s = %s of the"
                        + " same-work lab%n",
                i,
                ctx.settings.rounds(),
                Numbers.rate(l.rate().ackedPerSec()),
                Numbers.rate(t.measured().recordsPerSec()),
                Numbers.ratio(round.ratio()),
                Numbers.rate(realistic.rate().ackedPerSec()),
                Numbers.ratio(round.realismRatio()));
        if (round.labCpu() != null || round.toolCpu() != null) {
            ctx.out.printf(
                    Locale.ROOT,
                    "throughput %d/%d, CPU at the ceiling (cores): producer-app %s (GC %s), ProducerPerformance %s"
                            + " (GC %s); the brokers %s in the lab's window, %s in the tool's%n",
                    i,
                    ctx.settings.rounds(),
                    cores(round.labCpu(), CeilingCpu::processCores),
                    cores(round.labCpu(), CeilingCpu::gcCores),
                    cores(round.toolCpu(), CeilingCpu::processCores),
                    cores(round.toolCpu(), CeilingCpu::gcCores),
                    cores(round.labCpu(), CeilingCpu::brokerCores),
                    cores(round.toolCpu(), CeilingCpu::brokerCores));
        }
    }

    static String cores(CeilingCpu c, java.util.function.Function<CeilingCpu, Double> figure) {
        return c == null ? Numbers.NA : Numbers.fixed(figure.apply(c), 2);
    }

    /** A lab window's counters, and /proc over it where it was read (the tool's-work window, on the local stack). */
    private record LabSide(LabThroughput rate, CeilingCpu cpu) {}

    /**
     * @param header false: the tool's work exactly, without the lab's header, to the tool's topic
     *     (the header is part of the cost of realism)
     */
    private LabSide labThroughput(int i, String what, ProducerSettings s, boolean header, List<String> warnings)
            throws InterruptedException {
        int n = ctx.settings.rounds();
        ctx.out.printf(
                Locale.ROOT,
                "%nthroughput %d/%d, lab: producer-app unthrottled, %s, linger.ms=%d batch.size=%d acks=all %d B; %s%n",
                i,
                n,
                what,
                ctx.settings.lingerMs(),
                ctx.settings.batchSize(),
                CompareSettings.RECORD_BYTES,
                ctx.window());
        ctx.abort.check();
        // ProducerPerformance writes a topic nobody reads; the lab's topic is read by the consumer-app,
        // whose CPU would otherwise count against the producer on a shared machine. Paused, the
        // records wait on the brokers and are read (and accounted for) right after the window.
        ctx.lab.consuming(false);
        LabThroughput l;
        // /proc is read over the same-work window only: the realistic one has no counterpart on the tool's side.
        CeilingCpu.Watch cpu =
                header ? null : new CeilingCpu.Watch(ctx, clock, "producer-app", ctx.settings.producerPid());
        try {
            l = header
                    ? ctx.lab.unthrottled(s, ctx.settings.warmup(), ctx.settings.duration())
                    : ctx.lab.unthrottledLikeTheTool(
                            s, ctx.settings.topic(), ctx.settings.warmup(), ctx.settings.duration(), cpu);
        } finally {
            ctx.lab.consuming(true);
        }
        ctx.out.printf(
                Locale.ROOT,
                "throughput %d/%d, lab: %s records/s acked (%s sent/s, %d failed) over %.1f s; second half / first"
                        + " half %s%n",
                i,
                n,
                Numbers.rate(l.ackedPerSec()),
                Numbers.rate(l.sentPerSec()),
                l.failed(),
                l.seconds(),
                Numbers.ratio(l.lateRatio()));
        if (l.failed() > 0) {
            warnings.add(
                    "round " + i + ": the producer-app reported " + l.failed() + " failed sends during the window");
        }
        ctx.awaitConsumer("after lab throughput round " + i, warnings);
        return new LabSide(l, cpu == null ? null : cpu.result());
    }

    private record ToolThroughput(
            ProducerPerfOutput.Measured measured,
            ProducerPerfOutput output,
            String ranFor,
            List<String> command,
            CeilingCpu cpu) {}

    /** The tool's warm-up: the lab's, and what its new JVM takes beyond a warm one. */
    static Duration toolWarmup(CompareSettings s) {
        return s.warmup().plus(s.toolJvmWarmup());
    }

    private ToolThroughput toolThroughput(int i, List<String> warnings) throws InterruptedException {
        int n = ctx.settings.rounds();
        Duration warmup = toolWarmup(ctx.settings);
        List<String> cmd = ctx.tools.producerPerformance(
                ctx.settings.topic(), UNBOUNDED_RECORDS, ctx.toolPayload(), ctx.settings.producerProperties());
        ctx.out.printf(
                Locale.ROOT,
                "%nthroughput %d/%d, ProducerPerformance: unthrottled, from its first records %s warm-up (its JVM is"
                        + " new) and a %s window, then stopped%n",
                i,
                n,
                Durations.format(warmup),
                Durations.format(ctx.settings.duration()));
        ctx.abort.check();
        String topic = ctx.settings.topic();
        long before = count.records(topic);
        Instant launched = clock.instant();
        RunningTool tool = ctx.runner.start(cmd, ctx.toolLog("producer-performance-" + i));
        CeilingCpu.Watch cpu = new CeilingCpu.Watch(ctx, clock, "ProducerPerformance", tool.pid());
        ToolRun r;
        try {
            ToolsCpuWindow.awaitRecords(ctx, clock, count, topic, before, Map.of("ProducerPerformance", tool));
            ctx.lab.sleep(warmup);
            cpu.opened();
            ctx.lab.sleep(ctx.settings.duration());
            cpu.closed();
            ctx.lab.sleep(TOOL_LAST_INTERVAL);
        } finally {
            r = tool.stop();
        }
        String ranFor = Durations.format(Duration.between(launched, clock.instant()));
        ctx.abort.check();
        // Stopped at the planned time (no exit code) is the normal end; an exit of its own before then is a failure.
        ProducerPerfOutput p = ProducerPerfOutput.parse(r.output()).orElse(null);
        if (p == null || (r.exitCode() != null && r.exitCode() != 0)) {
            throw new CompareException(
                    "ProducerPerformance " + (r.exitCode() == null ? "was stopped" : "exited with " + r.exitCode())
                            + (p == null ? " without printing a rate" : "") + "; output in " + r.log() + ":"
                            + System.lineSeparator()
                            + r.tail(5));
        }
        ProducerPerfOutput.Measured m = p.measure(warmup, ctx.settings.duration())
                .orElseThrow(() -> new CompareException("ProducerPerformance printed no one-second interval after the "
                        + Durations.format(warmup) + " warm-up; output in " + r.log()));
        if (!m.complete()) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "round %d: ProducerPerformance's intervals cover %.1f s of the %s window "
                            + "(it printed its last interval later than %s after the window)",
                    i,
                    m.seconds(),
                    Durations.format(ctx.settings.duration()),
                    Durations.format(TOOL_LAST_INTERVAL)));
        }
        ctx.out.printf(
                Locale.ROOT,
                "throughput %d/%d, ProducerPerformance: %s records/s acked over %.1f s; second half / first half %s%n",
                i,
                n,
                Numbers.rate(m.recordsPerSec()),
                m.seconds(),
                Numbers.ratio(m.lateRatio()));
        return new ToolThroughput(m, p, ranFor, cmd, cpu.result());
    }
}
