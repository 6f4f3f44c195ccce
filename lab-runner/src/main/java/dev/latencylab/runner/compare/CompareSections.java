package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.runner.results.report.MarkdownSection;
import dev.latencylab.runner.results.report.MarkdownSection.Columns;
import dev.latencylab.runner.scenario.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The parts of compare.md, each a section with its verdicts, what it measured and its table of rounds. */
final class CompareSections {

    private static final Columns THROUGHPUT = Columns.figures("round")
            .andText("first")
            .andFigures("lab doing the tool's work, acked records/s | ProducerPerformance, acked records/s"
                    + " | ratio lab / tool | realistic lab, acked records/s | realistic / tool's work"
                    + " | lab 2nd / 1st half | tool 2nd / 1st half");
    private static final Columns CEILING_CPU = Columns.figures("round")
            .andText("producer")
            .andFigures("acked records/s | its cores | GC threads | Kafka I/O thread | sending thread"
                    + " | µs per record | brokers' cores | machine busy cores");
    private static final Columns LATENCY = Columns.figures("round")
            .andText("first")
            .andFigures("lab p10 ms | lab p50 ms | lab p90 ms | lab p99 ms | lab records | paced floor p10 ms"
                    + " | paced floor p50 ms | its p90 ms | its p99 ms | its ack p50 ms | lab / paced floor p50"
                    + " | busy-poll bound p10 ms | busy-poll bound p50 ms | its p90 ms | lab / busy-poll p50"
                    + " | EndToEndLatency p50 ms (whole ms) | its p99 ms | its avg ms | its records"
                    + " | ratio lab / tool p50");
    private static final Columns PUBLISH_DELAY = Columns.text("cores")
            .andFigures("records sent | s | sent/s | sent / asked | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms")
            .andText("where the sender's time went");
    private static final Columns CPU =
            Columns.text("process").andFigures("records in the window | window s | CPU-s | CPU-ms per 1,000 records");
    private static final Columns CONSUMER = Columns.figures("round | consumer-app record listener, records/s"
                    + " | its lost | consumer-app batch listener, records/s | its lost"
                    + " | ConsumerPerformance over the second backlog, records/s")
            .andText("its records, s")
            .andFigures("record / tool | batch / tool");

    private CompareSections() {}

    static void throughput(CompareResult r, StringBuilder b) {
        CompareResult.Setup setup = r.setup();
        MarkdownSection s = MarkdownSection.into(b)
                .heading(
                        "##",
                        "Throughput, unthrottled (linger.ms " + setup.lingerMs() + ", batch.size " + setup.batchSize()
                                + ")")
                .bold(verdict(r.throughputVerdict()))
                .paragraph("The lab doing the tool's work sends one 400 B value made once (payload `fixed`) with no key"
                        + " and without the lab's 45 B header, to the tool's topic, as ProducerPerformance re-sends one"
                        + " random array. The realistic lab, right after, is the lab as its scenarios run it: a new JSON"
                        + " order per record (payload `words`), keyed by order id, with the header the consumer-app"
                        + " times and counts records by; its rate against the same-work lab's is the cost of realism.")
                .table(THROUGHPUT);
        for (CompareResult.ThroughputRound t : r.throughput()) {
            s.row(
                    t.round(),
                    t.labFirst() ? "lab" : "tool",
                    Numbers.rate(t.lab().ackedPerSec()),
                    Numbers.rate(t.toolMeasured().recordsPerSec()),
                    Numbers.ratio(t.ratio()),
                    t.labRealistic() == null
                            ? Numbers.NA
                            : Numbers.rate(t.labRealistic().ackedPerSec()),
                    Numbers.ratio(t.realismRatio()),
                    Numbers.ratio(t.lab().lateRatio()),
                    Numbers.ratio(t.toolMeasured().lateRatio()));
        }
        if (r.throughputVerdict() != null
                && r.throughputVerdict().ratio() != null
                && r.throughput().size() > 1) {
            double labMean = Numbers.mean(r.throughput(), t -> t.lab().ackedPerSec());
            double toolMean = Numbers.mean(r.throughput(), t -> t.toolMeasured().recordsPerSec());
            // The means' ratio is not the verdict: the goal is judged on the median of the rounds' ratios.
            s.row("mean", "", Numbers.rate(labMean), Numbers.rate(toolMean), Numbers.ratio(labMean / toolMean));
            s.row(
                    "median of the rounds' ratios",
                    "",
                    "",
                    "",
                    "**" + Numbers.ratio(r.throughputVerdict().ratio()) + "**");
        }
        s.endTable();
    }

    /** /proc over each same-work window, where it was read: what each producer took from the brokers' cores. */
    static void ceilingCpu(CompareResult r, StringBuilder b) {
        if (r.throughput().stream().allMatch(t -> t.labCpu() == null && t.toolCpu() == null)) {
            return;
        }
        MarkdownSection s = MarkdownSection.into(b)
                .heading("###", "CPU at the ceiling")
                .paragraph("From /proc over each same-work window (the tool's from its warm-up's end on the runner's"
                        + " clock, within a poll of its own). At the ceiling each broker answers the producer's produce"
                        + " requests back to back, so on shared cores the rate follows the brokers' request time, and the"
                        + " CPU a producer spends, its GC's above all, is CPU the brokers lack. Shown, not judged.")
                .table(CEILING_CPU);
        for (CompareResult.ThroughputRound t : r.throughput()) {
            ceilingRow(t.round(), t.labCpu(), t.lab().ackedPerSec(), s);
            ceilingRow(t.round(), t.toolCpu(), t.toolMeasured().recordsPerSec(), s);
        }
        s.endTable();
    }

    private static void ceilingRow(int round, CeilingCpu c, double recordsPerSec, MarkdownSection s) {
        if (c == null) {
            return;
        }
        s.row(
                round,
                c.process(),
                Numbers.rate(recordsPerSec),
                Numbers.fixed(c.processCores(), 3),
                Numbers.fixed(c.gcCores(), 3),
                Numbers.fixed(c.ioCores(), 3),
                Numbers.fixed(c.sendingCores(), 3),
                Numbers.fixed(c.microsPerRecord(recordsPerSec), 2),
                Numbers.fixed(c.brokerCores(), 2),
                Numbers.fixed(c.machineBusyCores(), 2));
    }

    static void latency(CompareResult r, StringBuilder b) {
        CompareResult.Setup setup = r.setup();
        MarkdownSection s = MarkdownSection.into(b)
                .heading(
                        "##",
                        "e2e latency at low rate (lab " + setup.lowRate() + " records/s; linger.ms "
                                + setup.latencyLingerMs() + " on both sides)")
                .bold(verdict(r.floorVerdict()))
                .bold(verdict(r.latencyVerdict()))
                .paragraph(
                        "The closed-loop floor runs next to the lab in each round (lab, floor, EndToEndLatency, busy-poll bound in odd rounds, the reverse in even ones): one record at a time, timed "
                                + "in µs from before send() to the poll() that returns it, the next once it was read and acknowledged. "
                                + "Its clients live for the whole comparison, in the runner's JVM (given the apps' JVM options by "
                                + "scripts/lab), and each consumer was warmed with " + ClosedLoopFloor.WARMUP_RECORDS
                                + " records "
                                + "before its first window. It runs twice: paced at the lab's rate (no sooner than one interval after "
                                + "the previous send) with the consumer-app's fetch settings (Kafka's defaults), so the stack idles "
                                + "between records as it does under the lab: the goal's floor; and back to back with "
                                + "fetch.max.wait.ms 0, as EndToEndLatency fetches: the busy-poll bound, what this machine's stack "
                                + "gives one record when nothing ever sleeps, shown beside the goal, not judged. EndToEndLatency's own "
                                + "line stays as the reference it is, in whole ms.")
                .table(LATENCY);
        for (CompareResult.LatencyRound l : r.latency()) {
            Percentiles p = l.lab().latencyMs();
            Floor paced = l.pacedFloor();
            Floor busy = l.busyPoll();
            Double ratio = p == null || l.tool().p50Ms() == 0
                    ? null
                    : p.p50() / l.tool().p50Ms();
            s.row(
                    l.round(),
                    l.labFirst() ? "lab" : "tool",
                    Numbers.ms3(p == null ? null : p.p10()),
                    Numbers.ms3(p == null ? null : p.p50()),
                    Numbers.ms3(p == null ? null : p.p90()),
                    Numbers.ms3(p == null ? null : p.p99()),
                    l.lab().count(),
                    Numbers.ms3(paced == null ? null : paced.e2eMs().p10()),
                    Numbers.ms3(paced == null ? null : paced.e2eMs().p50()),
                    Numbers.ms3(paced == null ? null : paced.e2eMs().p90()),
                    Numbers.ms3(paced == null ? null : paced.e2eMs().p99()),
                    Numbers.ms3(paced == null ? null : paced.ackMs().p50()),
                    Numbers.ratio(l.floorRatio()),
                    Numbers.ms3(busy == null ? null : busy.e2eMs().p10()),
                    Numbers.ms3(busy == null ? null : busy.e2eMs().p50()),
                    Numbers.ms3(busy == null ? null : busy.e2eMs().p90()),
                    Numbers.ratio(l.busyPollRatio()),
                    l.tool().p50Ms(),
                    l.tool().p99Ms(),
                    Numbers.fixed(l.tool().avgMs(), 2),
                    l.toolRecords(),
                    Numbers.ratio(ratio));
        }
        s.endTable();
    }

    static void publishDelay(CompareResult r, StringBuilder b) {
        MarkdownSection s = MarkdownSection.into(b).heading("##", "Publish delay at half the ceiling");
        CompareResult.PublishDelay d = r.publishDelay();
        if (d == null || d.publishDelayMs() == null) {
            s.paragraph("Not measured.");
            return;
        }
        s.bold(verdict(r.publishDelayVerdict()));
        s.paragraph(String.format(
                Locale.ROOT,
                "The realistic lab at %s records/s, the consumer-app reading, as a scenario runs it; publish delay is "
                        + "actual minus intended send time, from the producer-app's own tally of the window. A core of "
                        + "the producer's own is not measured: on a machine of %d cores, a core taken from the brokers "
                        + "and the consumer overloads them, and what the window then shows is that overload, not the "
                        + "sender. That figure needs a machine with cores to spare.",
                Numbers.rate(d.rate()),
                r.setup().cores()));
        s.paragraph(String.format(
                Locale.ROOT,
                "A window is refused (not judged) when fewer than %.2f of the records asked for were sent (the "
                        + "open-loop schedule fell behind) or when send() waited for room in the producer's accumulator "
                        + "(bufferpool-wait-time-ns-total grew): either way it measures a backlog, not the sender.",
                CompareResult.PublishDelay.MIN_SENT_OVER_ASKED));
        s.table(PUBLISH_DELAY);
        delayRow(s, "shared", d);
        s.endTable()
                .paragraph("Every second the sender spends waiting for a CPU, records fall due and are sent late; on a"
                        + " machine whose cores the brokers, the consumer and the sender share, that wait is the CPU"
                        + " the others took.");
    }

    private static void delayRow(MarkdownSection s, String cores, CompareResult.PublishDelay d) {
        Percentiles p = d.publishDelayMs();
        s.row(
                cores,
                Numbers.rate(d.sent()),
                Numbers.fixed(d.seconds(), 1),
                Numbers.rate(d.sentPerSec()),
                Numbers.fixed(d.sentOverAsked(), 3),
                Numbers.ms3(p.p50()),
                Numbers.ms3(p.p90()),
                Numbers.ms3(p.p99()),
                Numbers.ms3(p.p999()),
                Numbers.ms3(p.max()),
                d.account().isEmpty() ? Numbers.NA : d.account());
    }

    static void cpu(CompareResult r, StringBuilder b) {
        MarkdownSection s = MarkdownSection.into(b).heading("##", "CPU per record at half the ceiling");
        CompareResult.CpuCost c = r.cpu();
        if (c == null) {
            s.paragraph("Not measured.");
            return;
        }
        s.bold(verdict(r.producerCpuVerdict())).bold(verdict(r.consumerCpuVerdict()));
        r.cpuThreadVerdicts().forEach(v -> s.bold(verdict(v)));
        realismCpu(c).ifPresent(line -> s.bold(line + "."));
        s.paragraph(String.format(
                Locale.ROOT,
                "At %s records/s, %s, four windows of the same length, each pipeline alone on the stack: the lab's (the "
                        + "realistic producer-app to the lab topic, read by the consumer-app with its full accounting and "
                        + "ConsumerPerformance's two fetch settings and its commits: Kafka's auto-commit), the same load read by ConsumerPerformance instead "
                        + "(from its latest offset, the consumer-app paused; warm-up %s, the larger of `--warmup` and `--tool-warmup`: its JVM is new), the "
                        + "producer-app doing the tool's work (payload `fixed`, no key, no header, paced as the tool paces: "
                        + "`pacing: bursts`, which sleeps as its throttler does: whole milliseconds, 3 ms per 2 ms of records sent early; "
                        + "to the bench topic, "
                        + "which nobody reads; warm-up %s, its JVM warm from the windows before), then the tools' "
                        + "(ProducerPerformance --throughput to the bench topic, read by ConsumerPerformance from its "
                        + "latest offset). The producer's goal is judged on the producer-app doing the tool's work; the "
                        + "realistic producer-app's figure over it (even pacing, a wake for most records) is the cost of "
                        + "realism. The consumer's goal is judged on the same records: the consumer-app in the lab's "
                        + "window against ConsumerPerformance reading the lab's records; ConsumerPerformance reading the "
                        + "tool's records (no key, no header) is shown beside it. CPU time is each process's user + system "
                        + "time over its window (the lab "
                        + "apps' as their JVM counts it, `process_cpu_time_ns_total`; the tools' from /proc through the "
                        + "JDK); records are what the pipeline wrote in the window (the producer-app's tally of the "
                        + "window's phase; the bench topic's end offsets), read by its consumer as they came. Each "
                        + "process's goal is judged on its CPU less its JIT compiler threads' (`CN CompilerThre` below): "
                        + "the tools' JVMs are new and still compile inside their windows, the apps' are warm. Each "
                        + "goal is judged on the median of its rounds' ratios; the tables below add the rounds up.",
                Numbers.rate(c.rate()),
                r.cpuRounds().size() == 1
                        ? "in one round"
                        : "in each of " + r.cpuRounds().size()
                                + " rounds (odd rounds in this order, even rounds in the reverse order)",
                r.setup().newToolWarmup(),
                Durations.format(CpuWindow.TOOLS_WORK_WARMUP)));
        s.table(CPU);
        for (CompareResult.CpuUse u : c.all()) {
            s.row(
                    u.process(),
                    Numbers.rate(u.records()),
                    Numbers.fixed(u.seconds(), 1),
                    Numbers.fixed(u.cpuSeconds(), 2),
                    Numbers.ms(u.cpuMsPer1000Records()));
        }
        s.endTable();
        cpuRounds(r, s);
        CpuThreadsSection.append(c, s);
    }

    /** Each goal's ratio round by round, beside the median it is judged on: where the spread is, is visible. */
    private static void cpuRounds(CompareResult r, MarkdownSection s) {
        List<CompareResult.CpuCost> rounds = r.cpuRounds();
        if (rounds.size() < 2) {
            return;
        }
        List<Verdict> judged = cpuVerdicts(r.producerCpuVerdict(), r.consumerCpuVerdict(), r.cpuThreadVerdicts());
        List<List<Verdict>> byRound = rounds.stream()
                .map(c -> cpuVerdicts(
                        CpuThreadGoals.producerProcess(c), CpuThreadGoals.consumerProcess(c), CpuThreadGoals.judge(c)))
                .toList();
        String roundNames = IntStream.rangeClosed(1, rounds.size())
                .mapToObj(i -> "round " + i)
                .collect(Collectors.joining(" | "));
        s.table(Columns.text("goal (CPU per record, app / tool)").andFigures(roundNames + " | median"));
        for (Verdict goal : judged) {
            List<Object> row = new ArrayList<>();
            row.add(goal.goal().replace(" CPU per record <= " + Goals.MAX_CPU_RATIO, ""));
            // By the goal's name: a round whose /proc was not read judges fewer goals than the sum.
            for (List<Verdict> round : byRound) {
                row.add(round.stream()
                        .filter(v -> v.goal().equals(goal.goal()))
                        .findFirst()
                        .map(v -> Numbers.ratio(v.ratio()))
                        .orElse(Numbers.NA));
            }
            row.add(Numbers.ratio(goal.ratio()));
            s.row(row.toArray());
        }
        s.endTable();
    }

    private static List<Verdict> cpuVerdicts(Verdict producer, Verdict consumer, List<Verdict> threads) {
        List<Verdict> v = new ArrayList<>(List.of(producer, consumer));
        v.addAll(threads);
        return v;
    }

    /** The realistic producer-app's CPU per record over its own doing the tool's work. */
    static java.util.Optional<String> realismCpu(CompareResult.CpuCost c) {
        Double r = c.realismCpuRatio();
        if (r == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(
                Locale.ROOT,
                "cost of realism in CPU: the realistic producer-app %s CPU-ms per 1,000 records vs %s doing the tool's"
                        + " work = %s",
                Numbers.ms(c.producerApp().cpuMsPer1000Records()),
                Numbers.ms(c.producerAppToolsWork().cpuMsPer1000Records()),
                Numbers.ratio(r)));
    }

    static void consumer(CompareResult r, StringBuilder b) {
        CompareResult.Setup setup = r.setup();
        MarkdownSection s = MarkdownSection.into(b)
                .heading(
                        "##",
                        String.format(
                                Locale.ROOT,
                                "Consumer ceiling: draining a backlog of %,d records",
                                setup.backlogRecords()))
                .bold(verdict(r.consumerVerdict()));
        if (r.recordListenerVerdict() != null) {
            s.bold(verdict(r.recordListenerVerdict()));
        }
        s.paragraph(String.format(
                Locale.ROOT,
                "Each backlog is written by the producer-app as scenarios write (JSON orders keyed by order id, with "
                        + "the header) to a topic of its own per round (`%s-r1`, `-r2`, ...; deleted after its round), laid out like the lab topic, with the consumer-app paused. The consumer-app "
                        + "drains one with its record listener and one with its batch listener, full accounting on, each "
                        + "timed from its first record's processing to its last, on its own clock. Then ConsumerPerformance reads both from "
                        + "the topic's beginning in a new JVM, and its rate is taken over the second, once its JIT has "
                        + "warmed up on the first. Both fetch with the tool's client settings (%s) and commit as the tool does, "
                        + "by the Kafka consumer's auto-commit every 5 s (the consumer-app's commit auto). What the accounting "
                        + "costs per record on its own is the JMH figure in docs/benchmarks.md.",
                setup.drainTopic(),
                setup.drainConsumerProperties()));
        s.table(CONSUMER);
        for (CompareResult.ConsumerRound c : r.consumer()) {
            s.row(
                    c.round(),
                    Numbers.rate(c.record().recordsPerSec()),
                    c.record().lost(),
                    Numbers.rate(c.batch().recordsPerSec()),
                    c.batch().lost(),
                    Numbers.rate(c.tool().recordsPerSec()),
                    Numbers.rate(c.tool().warmRecords()) + " in "
                            + Numbers.fixed(c.tool().warmSeconds(), 2),
                    Numbers.ratio(c.recordRatio()),
                    Numbers.ratio(c.batchRatio()));
        }
        s.endTable();
    }

    /** A part's verdict, or that it was not judged. */
    static String verdict(Verdict v) {
        return v == null ? "Not judged: this part did not run to the end." : v.text();
    }
}
