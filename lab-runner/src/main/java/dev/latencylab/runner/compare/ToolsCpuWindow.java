package dev.latencylab.runner.compare;

import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.scenario.Durations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The tools' CPU window: ProducerPerformance {@code --throughput} at the lab's rate to the bench topic,
 * read by ConsumerPerformance from its latest offset, both new JVMs, measured after their warm-up.
 */
final class ToolsCpuWindow {

    /** A tool's JVM starts and connects; until its records reach the topic, its window does not start. */
    private static final Duration TOOL_START_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration START_POLL = Duration.ofMillis(500);

    private final CompareContext ctx;
    private final TopicRecords count;
    private final Clock clock;
    private final Supplier<ProcCpu> proc;
    private final List<Long> brokers;

    ToolsCpuWindow(CompareContext ctx, TopicRecords count, Clock clock, Supplier<ProcCpu> proc, List<Long> brokers) {
        this.ctx = ctx;
        this.count = count;
        this.clock = clock;
        this.proc = proc;
        this.brokers = brokers;
    }

    record ToolsFigures(
            CompareResult.CpuUse producer,
            CompareResult.CpuUse consumer,
            List<List<String>> commands,
            ProcWindow.Result proc) {}

    ToolsFigures measure(double rate) throws InterruptedException {
        String topic = ctx.settings.topic();
        ctx.abort.check();
        List<String> ppCommand = ctx.tools.producerPerformance(
                topic, ThroughputRounds.UNBOUNDED_RECORDS, ctx.toolPayload(), ctx.settings.producerProperties(), (long)
                        rate);
        List<String> cpCommand = ctx.tools.consumerPerformance(
                topic,
                ThroughputRounds.UNBOUNDED_RECORDS,
                "lab-compare-cpu-" + clock.instant().toEpochMilli(),
                Duration.ofMinutes(5).toMillis(),
                true);
        RunningTool cp = ctx.runner.start(cpCommand, ctx.toolLog("consumer-performance-cpu"));
        RunningTool pp = null;
        try {
            pp = ctx.runner.start(ppCommand, ctx.toolLog("producer-performance-cpu"));
            awaitRecords(topic, pp, cp);
            ctx.lab.sleep(ctx.settings.newToolWarmup());
            CpuWindow.requireRunning(pp, "ProducerPerformance");
            CpuWindow.requireRunning(cp, "ConsumerPerformance");
            long r0 = count.records(topic);
            Instant t0 = clock.instant();
            ProcWindow procWindow = new ProcWindow(
                    proc.get(), Map.of("ProducerPerformance", pp.pid(), "ConsumerPerformance", cp.pid()), brokers);
            Duration pp0 = CpuWindow.cpu(pp, "ProducerPerformance");
            Duration cp0 = CpuWindow.cpu(cp, "ConsumerPerformance");
            ctx.lab.sleep(ctx.settings.duration());
            long r1 = count.records(topic);
            double seconds = CpuWindow.seconds(t0, clock.instant());
            Duration pp1 = CpuWindow.cpu(pp, "ProducerPerformance");
            Duration cp1 = CpuWindow.cpu(cp, "ConsumerPerformance");
            ProcWindow.Result threads = procWindow.end();
            return new ToolsFigures(
                    new CompareResult.CpuUse("ProducerPerformance", t0, r1 - r0, seconds, CpuWindow.between(pp0, pp1)),
                    new CompareResult.CpuUse("ConsumerPerformance", t0, r1 - r0, seconds, CpuWindow.between(cp0, cp1)),
                    List.of(ppCommand, cpCommand),
                    threads);
        } finally {
            if (pp != null) {
                pp.stop();
            }
            cp.stop();
        }
    }

    /** Until the tool's records reach the topic: its start-up is not part of its window. */
    private void awaitRecords(String topic, RunningTool pp, RunningTool cp) throws InterruptedException {
        awaitRecords(
                ctx,
                clock,
                count,
                topic,
                count.records(topic),
                ordered("ProducerPerformance", pp, "ConsumerPerformance", cp));
    }

    /** Both tools, the producer checked first, as before the check took any number of them. */
    private static Map<String, RunningTool> ordered(String n1, RunningTool t1, String n2, RunningTool t2) {
        Map<String, RunningTool> m = new LinkedHashMap<>();
        m.put(n1, t1);
        m.put(n2, t2);
        return m;
    }

    /**
     * Until {@code topic} holds more than {@code before} records: a tool's JVM starts and connects before it
     * writes, and its own clock (its warm-up, its window) starts with its first records. Every one of
     * {@code tools}, by name, must still run meanwhile.
     */
    static void awaitRecords(
            CompareContext ctx,
            Clock clock,
            TopicRecords count,
            String topic,
            long before,
            Map<String, RunningTool> tools)
            throws InterruptedException {
        new Wait(clock, ctx.lab::sleep)
                .until(TOOL_START_TIMEOUT, START_POLL, () -> records(count, topic, before, tools), n -> n > before)
                .orElseThrow(n -> new CompareException("ProducerPerformance wrote nothing to " + topic + " within "
                        + Durations.format(TOOL_START_TIMEOUT) + " of its start"));
    }

    /** The topic's records now; while none were added, every tool must still be running. */
    private static long records(TopicRecords count, String topic, long before, Map<String, RunningTool> tools)
            throws InterruptedException {
        long now = count.records(topic);
        if (now <= before) {
            for (Map.Entry<String, RunningTool> t : tools.entrySet()) {
                CpuWindow.requireRunning(t.getValue(), t.getKey());
            }
        }
        return now;
    }
}
