package dev.latencylab.runner.compare;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.runner.scenario.Durations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What a record costs each side in CPU at a fixed rate, one round: the lab's pipeline (the realistic
 * producer-app to the lab topic, read by the consumer-app), the same load read by ConsumerPerformance
 * instead (the consumer's yardstick: the same records), the producer-app doing ProducerPerformance's work
 * (payload fixed, no key, no header, to the tool's topic; what the producer's goal is judged on), then the
 * tools' (ProducerPerformance {@code --throughput} to the bench topic, read by ConsumerPerformance,
 * {@link ToolsCpuWindow}), each a window of the same length at the same rate. One pipeline at a time, as
 * every other part of the comparison: side by side, the two would take the machine's whole ceiling, and a
 * tool's JVM starting under that load waits seconds for a CPU. Each process's CPU time is read at both
 * ends of its window; records are what its pipeline wrote in the window.
 */
final class CpuWindow {

    /** The producer-app's warm-up before doing the tool's work at most (its JVM is warm by then). */
    static final Duration TOOLS_WORK_WARMUP = Duration.ofSeconds(5);

    /** The producer-app doing the tool's work, as the CPU table names it. */
    static final String TOOLS_WORK = "producer-app (the tool's work)";

    /** ConsumerPerformance reading the lab's records, as the CPU table names it. */
    static final String TOOL_ON_LAB_RECORDS = "ConsumerPerformance (the lab's records)";

    /** ConsumerPerformance's process, as the threads table names it. */
    static final String TOOL_CONSUMER = "ConsumerPerformance";

    /** How the local brokers' processes are told from the others scripts/lab started. */
    static final String BROKER_MAIN_CLASS = "kafka.Kafka";

    private final CompareContext ctx;
    private final TopicRecords count;
    private final Clock clock;

    CpuWindow(CompareContext ctx, TopicRecords count, Clock clock) {
        this.ctx = ctx;
        this.count = count;
        this.clock = clock;
    }

    /**
     * One round: the four windows, in this order in odd rounds and in the reverse order in even rounds, so
     * that what drifts over a run (the brokers' logs, the page cache) weighs on both sides alike.
     *
     * @param phase the round's first phase id: the two read windows take three each from it, in the order
     *     they run
     */
    CompareResult.CpuCost measure(double rate, int phase, int round, int rounds, List<String> warnings)
            throws InterruptedException {
        ctx.out.printf(
                Locale.ROOT,
                "%nCPU round %d of %d at %s records/s, %s: the lab (producer-app to consumer-app), the lab's records"
                        + " read by ConsumerPerformance instead (warm-up at least %s), the producer-app doing the tool's"
                        + " work (warm-up %s), the tools (ProducerPerformance --throughput to ConsumerPerformance,"
                        + " warm-up at least %s); %s each%n",
                round,
                rounds,
                Numbers.rate(rate),
                round % 2 == 1 ? "in this order" : "in the reverse order",
                Durations.format(ctx.settings.newToolWarmup()),
                Durations.format(toolsWorkWarmup()),
                Durations.format(ctx.settings.newToolWarmup()),
                ctx.window());
        LabWindow realistic;
        LabWindow labRecords;
        LabWindow toolsWork;
        ToolsCpuWindow.ToolsFigures tools;
        if (round % 2 == 1) {
            realistic = realistic(rate, phase, warnings);
            labRecords = toolReadingLabRecords(rate, phase + 3, warnings);
            toolsWork = toolsWork(rate);
            tools = tools(rate);
        } else {
            tools = tools(rate);
            toolsWork = toolsWork(rate);
            labRecords = toolReadingLabRecords(rate, phase, warnings);
            realistic = realistic(rate, phase + 3, warnings);
        }
        return new CompareResult.CpuCost(
                rate,
                realistic.producer(),
                toolsWork.producer(),
                tools.producer(),
                realistic.consumer(),
                labRecords.consumer(),
                tools.consumer(),
                Stream.concat(Stream.of(labRecords.readerCommand()), tools.commands().stream())
                        .toList(),
                realistic.proc(),
                labRecords.proc(),
                toolsWork.proc(),
                tools.proc());
    }

    /**
     * The lab's pipeline: the realistic producer-app read by the consumer-app, which fetches and
     * commits as ConsumerPerformance does (set before the stack warm-up: its listener is not restarted here).
     */
    private LabWindow realistic(double rate, int phase, List<String> warnings) throws InterruptedException {
        ctx.abort.check();
        LabWindow w = labWindow(
                "producer-app",
                ctx.settings.warmup(),
                phase,
                labProcesses(),
                () -> ctx.lab.startAtRate(ctx.settings.atRate(rate), phase),
                new WindowReader("consumer-app", ctx.lab::consumerCpuSeconds, ctx.lab::consumerRead));
        print(w.producer());
        print(w.consumer());
        if (w.readOfWindow() >= 0
                && w.readOfWindow() < READ_SHARE_KEPT_UP * w.producer().records()) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "CPU round at %s records/s: the consumer-app had read %,d of the %,d records sent in its window"
                            + " when it ended (it fell behind): its CPU per record is over the %,d records it read in"
                            + " the window, the warm-up's it was still reading included",
                    Numbers.rate(rate),
                    w.readOfWindow(),
                    w.producer().records(),
                    w.consumer().records()));
        }
        ctx.awaitConsumerAndRelease("after the lab's CPU window", phase + 2, warnings);
        return w;
    }

    /** The producer-app doing ProducerPerformance's work, nobody reading: what the producer's goal is judged on. */
    private LabWindow toolsWork(double rate) throws InterruptedException {
        ctx.abort.check();
        LabWindow w = labWindow(
                TOOLS_WORK,
                toolsWorkWarmup(),
                0,
                producerOnly(),
                () -> ctx.lab.startLikeTheTool(ctx.settings.toolsWorkAtRate(rate), ctx.settings.topic()),
                null);
        print(w.producer());
        return w;
    }

    private ToolsCpuWindow.ToolsFigures tools(double rate) throws InterruptedException {
        ctx.abort.check();
        ToolsCpuWindow.ToolsFigures w =
                new ToolsCpuWindow(ctx, count, clock, ctx::procCpu, ctx.brokerPids()).measure(rate);
        print(w.producer());
        print(w.consumer());
        return w;
    }

    /**
     * The realistic producer-app's load again, its records read by ConsumerPerformance (from its latest
     * offset, in a group of its own) while the consumer-app is paused: the consumer goal's yardstick,
     * the same records at the same rate as the consumer-app read in the lab's window, one consumer on
     * the brokers in either. The consumer-app reads what it missed afterwards, before the next window.
     */
    private LabWindow toolReadingLabRecords(double rate, int phase, List<String> warnings) throws InterruptedException {
        ctx.abort.check();
        List<String> command = ctx.tools.consumerPerformance(
                ctx.settings.labTopic(),
                ThroughputRounds.UNBOUNDED_RECORDS,
                "lab-compare-cpu-lab-records-" + clock.instant().toEpochMilli(),
                Duration.ofMinutes(5).toMillis(),
                true);
        ctx.lab.consuming(false);
        RunningTool cp = null;
        LabWindow read;
        try {
            cp = ctx.runner.start(command, ctx.toolLog("consumer-performance-lab-records"));
            RunningTool reader = cp;
            Map<String, Long> processes = producerOnly();
            processes.put(TOOL_CONSUMER, cp.pid());
            LabWindow w = labWindow(
                    "producer-app (read by ConsumerPerformance)",
                    ctx.settings.newToolWarmup(),
                    phase,
                    processes,
                    () -> ctx.lab.startAtRate(ctx.settings.atRate(rate), phase),
                    new WindowReader(
                            TOOL_ON_LAB_RECORDS,
                            () -> {
                                requireRunning(reader, TOOL_CONSUMER);
                                return cpu(reader, TOOL_CONSUMER).toNanos() / 1e9;
                            },
                            null));
            read = new LabWindow(w.producer(), w.consumer(), w.proc(), command, w.readOfWindow());
        } finally {
            if (cp != null) {
                cp.stop();
            }
            ctx.lab.consuming(true);
        }
        print(read.consumer());
        ctx.awaitConsumerAndRelease("after ConsumerPerformance's window on the lab's records", phase + 2, warnings);
        return read;
    }

    private Map<String, Long> producerOnly() {
        Map<String, Long> p = new LinkedHashMap<>(labProcesses());
        p.keySet().retainAll(List.of("producer-app"));
        return p;
    }

    /**
     * The producer-app's JVM is warm from the windows before (the realistic window in odd rounds, the
     * rounds before in even ones): its warm-up before doing the tool's work only has to cover the change of
     * topic, payload and header.
     */
    private Duration toolsWorkWarmup() {
        return min(ctx.settings.warmup(), TOOLS_WORK_WARMUP);
    }

    /** Starts one of the lab's loads under the given phase (its warm-up's). */
    @FunctionalInterface
    private interface Load {
        void start() throws InterruptedException;
    }

    /**
     * What reads a window's records, by the name its CPU goes by, its CPU time so far, and how many of a
     * phase's records it has read (null: it does not say, a tool).
     */
    private record WindowReader(String name, CpuSeconds cpuSeconds, RecordsRead recordsRead) {}

    @FunctionalInterface
    private interface CpuSeconds {
        double read() throws InterruptedException;
    }

    @FunctionalInterface
    private interface RecordsRead {
        long of(int phase) throws InterruptedException;
    }

    /** Below this share of the window's records read by its end, the reader fell behind: said in the warnings. */
    static final double READ_SHARE_KEPT_UP = 0.99;

    /**
     * @param readerCommand the tool that read the window's records, null: the consumer-app or nobody
     * @param readOfWindow the window's own records its reader had read when it ended; -1: not known
     */
    private record LabWindow(
            CompareResult.CpuUse producer,
            CompareResult.CpuUse consumer,
            ProcWindow.Result proc,
            List<String> readerCommand,
            long readOfWindow) {}

    /**
     * One of the lab's windows. Read ({@code reader} not null): {@code load} warms up under {@code phase},
     * the window is {@code phase + 1} (the producer-app's tally of it has exactly the window's sends), its CPU
     * read at the change to {@code phase + 2}, before the load stops. Unread (records without the lab's header,
     * which belong to no phase): the window's sends are the growth of the producer-app's sent counter over it.
     */
    private LabWindow labWindow(
            String producerName,
            Duration warmup,
            int phase,
            Map<String, Long> processes,
            Load load,
            WindowReader reader)
            throws InterruptedException {
        boolean phased = reader != null;
        Instant t0;
        double p0;
        double c0;
        double p1;
        double c1;
        double seconds;
        long records;
        long read;
        long readOfWindow = -1;
        long warmupRead0 = 0;
        boolean counted = phased && reader.recordsRead() != null;
        ProcWindow.Result proc;
        load.start();
        try {
            ctx.lab.sleep(warmup);
            long sent0 = phased ? 0 : ctx.lab.producerCounters().sent();
            if (phased) {
                ctx.lab.enterPhase(phase + 1);
            }
            t0 = clock.instant();
            ProcWindow procWindow = new ProcWindow(ctx.procCpu(), processes, ctx.brokerPids());
            p0 = ctx.lab.producerCpuSeconds();
            c0 = phased ? reader.cpuSeconds().read() : 0;
            if (counted) {
                warmupRead0 = reader.recordsRead().of(phase);
            }
            ctx.lab.sleep(ctx.settings.duration());
            if (phased) {
                ProducerStatus status = ctx.lab.enterPhase(phase + 2);
                records = status.phaseSends(phase + 1)
                        .map(PhaseSends::sent)
                        .orElseThrow(
                                () -> new CompareException("the producer-app has no tally of phase " + (phase + 1)));
            } else {
                records = ctx.lab.producerCounters().sent() - sent0;
            }
            p1 = ctx.lab.producerCpuSeconds();
            c1 = phased ? reader.cpuSeconds().read() : 0;
            // The reader's CPU is over the records it read in the window, not the ones sent: the window's own it
            // had read at the end, and the warm-up's it was still reading at the start.
            read = records;
            if (counted) {
                readOfWindow = Math.min(records, reader.recordsRead().of(phase + 1));
                read = readOfWindow + Math.max(0, reader.recordsRead().of(phase) - warmupRead0);
            }
            proc = procWindow.end();
            seconds = seconds(t0, clock.instant());
        } finally {
            ctx.lab.stop();
        }
        return new LabWindow(
                new CompareResult.CpuUse(producerName, t0, records, seconds, p1 - p0),
                phased ? new CompareResult.CpuUse(reader.name(), t0, read, seconds, c1 - c0) : null,
                proc,
                null,
                readOfWindow);
    }

    /** The lab apps whose threads /proc can tell: on the local stack, where scripts/lab gives their pids. */
    private Map<String, Long> labProcesses() {
        Map<String, Long> p = new LinkedHashMap<>();
        if (ctx.settings.producerPid() != null) {
            p.put("producer-app", ctx.settings.producerPid());
        }
        ctx.procCpu().commandContains(ctx.settings.stackPids(), "consumer-app").stream()
                .findFirst()
                .ifPresent(pid -> p.put("consumer-app", pid));
        return p;
    }

    private void print(CompareResult.CpuUse u) {
        ctx.out.printf(
                Locale.ROOT,
                "CPU per record: %s %.2f CPU-s for %,d records in %.1f s from %s = %s CPU-ms per 1,000 records%n",
                u.process(),
                u.cpuSeconds(),
                u.records(),
                u.seconds(),
                u.from(),
                Numbers.ms(u.cpuMsPer1000Records()));
    }

    static Duration cpu(RunningTool t, String name) {
        return t.cpu()
                .orElseThrow(() ->
                        new CompareException("this platform does not tell the CPU time of " + name + "'s process"));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    static double between(Duration from, Duration to) {
        return to.minus(from).toNanos() / 1e9;
    }

    static double seconds(Instant a, Instant b) {
        return Duration.between(a, b).toNanos() / 1e9;
    }

    static void requireRunning(RunningTool t, String name) throws InterruptedException {
        if (!t.alive()) {
            ToolRun r = t.stop();
            throw new CompareException(name + " exited with " + r.exitCode() + " before its window ended; output in "
                    + r.log() + ":" + System.lineSeparator() + r.tail(5));
        }
    }
}
