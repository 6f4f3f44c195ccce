package dev.latencylab.runner.compare;

import dev.latencylab.api.settings.CommitMode;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.runner.run.ScenarioRunner;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A consumer round of the comparison, on a topic of its own: two backlogs, drained by the
 * consumer-app with its record listener and with its batch listener (each a backlog of its own: a
 * drain commits what it read), then both read by ConsumerPerformance from the topic's beginning in a
 * group of its own, timed over the second ({@link ConsumerPerfOutput}). The tool reads last in
 * every round: its JVM is new anyway, and the backlogs are in the page cache for both sides. The
 * consumer-app is paused while a backlog is written and while the tool reads, so neither shares the
 * CPU with the other's drain.
 */
final class ConsumerRounds {

    /**
     * ConsumerPerformance's own client settings (it sets them whatever it is given), given to the
     * consumer-app for its drains: both sides fetch alike.
     */
    /** Sorted: compare.md prints it, and Map.of's order changes from one JVM to the next. */
    static final Map<String, String> TOOL_FETCH = Collections.unmodifiableSortedMap(
            new TreeMap<>(Map.of("receive.buffer.bytes", "2097152", "check.crcs", "false")));
    /** Records each listener drains before round 1, unmeasured: enough for the JIT, a few seconds each. */
    static final long WARMUP_RECORDS = 50_000;

    private static final int WARMUP_PHASE_OFFSET = 500;

    /** Nothing for this long and the tool gives up: far above a pause between its polls. */
    static final Duration TOOL_IDLE_TIMEOUT = Duration.ofSeconds(30);

    private final CompareContext ctx;
    private final BenchTopic topics;
    private final Clock clock;
    private String lastTopic;

    ConsumerRounds(CompareContext ctx, BenchTopic topics, Clock clock) {
        this.ctx = ctx;
        this.topics = topics;
        this.clock = clock;
    }

    /**
     * The consumer-app as ConsumerPerformance runs: with its fetch settings, and committing as it does,
     * by the Kafka consumer's own auto-commit every 5 s inside poll (the tool leaves enable.auto.commit
     * at Kafka's default), so neither side pays for commit work the other does not do.
     */
    static final ConsumerChange AS_THE_TOOL = ConsumerChange.none().with(null, CommitMode.AUTO, TOOL_FETCH);

    /** The backlog topic made last, for the comparison's clean-up; null before the first. */
    String lastTopic() {
        return lastTopic;
    }

    private String use(String topic) {
        lastTopic = topic;
        return topic;
    }

    static ConsumerChange drainWith(ListenerType listener) {
        return AS_THE_TOOL.with(listener, null, null);
    }

    /**
     * An unmeasured drain with each listener before round 1: the record listener's code is otherwise
     * first run, and compiled, inside round 1's measurement.
     */
    void warmUp(TopicLayout layout) throws InterruptedException {
        String topic = use(ctx.settings.drainTopic("warmup"));
        long records = Math.min(WARMUP_RECORDS, ctx.settings.backlogRecords());
        ctx.out.printf(
                Locale.ROOT,
                "%nconsumer warm-up: a backlog of %,d records drained by each listener (record, then batch), not"
                        + " measured%n",
                records);
        ctx.abort.check();
        // A topic of that name left by an earlier run is deleted first; the CPU window left commit auto.
        ctx.lab.commitByTheContainer();
        topics.create(topic, layout);
        try {
            ctx.lab.forgetTopic(topic);
            // Ids of this second's range no round takes (a round takes its second's first two): round 1 may
            // start within the same second, and a phase id met again would add the warm-up's sends to its backlog.
            int phase = ScenarioRunner.firstPhaseId(clock.instant()) + WARMUP_PHASE_OFFSET;
            for (ListenerType listener : List.of(ListenerType.RECORD, ListenerType.BATCH)) {
                ctx.lab.consumerFor(drainWith(listener), topic, layout.partitions(), ctx.settings.drainTimeout());
                ctx.abort.check();
                long written = ctx.lab.writeBacklog(ctx.settings.realistic(), topic, phase, records);
                ctx.abort.check();
                ctx.lab.drain(listener, phase, written, ctx.settings.drainTimeout());
                phase++;
            }
        } finally {
            release(topic);
        }
    }

    void run(int i, TopicLayout layout, List<CompareResult.ConsumerRound> rounds) throws InterruptedException {
        String topic = use(ctx.settings.drainTopic("r" + i));
        int n = ctx.settings.rounds();
        ctx.out.printf(
                Locale.ROOT,
                "%nconsumer %d/%d: two backlogs of %,d records on %s, each drained by the consumer-app (record, then"
                        + " batch listener), then both read by ConsumerPerformance, timed over the second%n",
                i,
                n,
                ctx.settings.backlogRecords(),
                topic);
        ctx.abort.check();
        topics.create(topic, layout);
        try {
            // A topic of that name read in an earlier round has a ledger of its old offsets.
            ctx.lab.forgetTopic(topic);
            int phase = ScenarioRunner.firstPhaseId(clock.instant());
            LabDrain record = labDrain(i, ListenerType.RECORD, topic, layout, phase);
            LabDrain batch = labDrain(i, ListenerType.BATCH, topic, layout, phase + 1);
            ToolDrain tool = toolDrain(i, topic, record.records(), batch.records());
            CompareResult.ConsumerRound round =
                    new CompareResult.ConsumerRound(i, record, batch, tool.output(), tool.command());
            rounds.add(round);
            ctx.out.printf(
                    Locale.ROOT,
                    "consumer %d/%d: consumer-app record %s, batch %s / ConsumerPerformance %s records/s = %s, %s%n",
                    i,
                    n,
                    Numbers.rate(record.recordsPerSec()),
                    Numbers.rate(batch.recordsPerSec()),
                    Numbers.rate(tool.output().recordsPerSec()),
                    Numbers.ratio(round.recordRatio()),
                    Numbers.ratio(round.batchRatio()));
        } finally {
            release(topic);
        }
    }

    /** The consumer-app reading again, off commit auto, then the drained topic deleted whatever that did. */
    private void release(String topic) throws InterruptedException {
        try {
            ctx.lab.consuming(true);
            ctx.lab.commitByTheContainer();
        } finally {
            topics.deleteIfOwn(topic);
        }
    }

    /** The listener set, a backlog written with the consumer-app paused, then drained. */
    private LabDrain labDrain(int i, ListenerType listener, String topic, TopicLayout layout, int phase)
            throws InterruptedException {
        ctx.lab.consumerFor(drainWith(listener), topic, layout.partitions(), ctx.settings.drainTimeout());
        ctx.abort.check();
        long written = ctx.lab.writeBacklog(ctx.settings.realistic(), topic, phase, ctx.settings.backlogRecords());
        ctx.abort.check();
        LabDrain d = ctx.lab.drain(listener, phase, written, ctx.settings.drainTimeout());
        ctx.out.printf(
                Locale.ROOT,
                "consumer %d/%d, lab: consumer-app (%s listener) read %,d records in %.2f s: %s records/s%s%n",
                i,
                ctx.settings.rounds(),
                listener.label(),
                d.records(),
                d.seconds(),
                Numbers.rate(d.recordsPerSec()),
                d.lost() + d.duplicated() == 0 ? "" : "; " + d.lost() + " lost, " + d.duplicated() + " duplicated");
        return d;
    }

    private record ToolDrain(ConsumerPerfOutput output, List<String> command) {}

    /** The tool reads both backlogs in one JVM; its rate is taken over the second, once its JIT is warm. */
    private ToolDrain toolDrain(int i, String topic, long first, long second) throws InterruptedException {
        ctx.abort.check();
        long records = first + second;
        String group = "lab-compare-" + clock.instant().toEpochMilli();
        List<String> cmd = ctx.tools.consumerPerformance(topic, records, group, TOOL_IDLE_TIMEOUT.toMillis());
        ToolRun r = ctx.runner.run(
                cmd, ctx.settings.drainTimeout().plus(TOOL_IDLE_TIMEOUT), ctx.toolLog("consumer-performance-" + i));
        ctx.abort.check();
        ConsumerPerfOutput p = ConsumerPerfOutput.parse(r.output(), first).orElse(null);
        if (p == null || !r.ok() || p.timedOut()) {
            throw new CompareException("ConsumerPerformance "
                    + (r.exitCode() == null
                            ? "was stopped after " + r.elapsed().toSeconds() + " s"
                            : "exited with " + r.exitCode())
                    + (p == null
                            ? " without two interval lines past the first backlog's " + first + " records (nothing to"
                                    + " time it by: a larger --backlog gives it more of its 100 ms lines)"
                            : "")
                    + (p != null && p.timedOut()
                            ? " before it had read the " + records + " records of both backlogs"
                            : "")
                    + "; output in " + r.log() + ":" + System.lineSeparator() + r.tail(5));
        }
        ctx.out.printf(
                Locale.ROOT,
                "consumer %d/%d, ConsumerPerformance: read both backlogs (%,d records; group join %d ms); over the"
                        + " second, %,d records in %.2f s: %s records/s%n",
                i,
                ctx.settings.rounds(),
                records,
                p.rebalanceMs(),
                p.warmRecords(),
                p.warmSeconds(),
                Numbers.rate(p.recordsPerSec()));
        return new ToolDrain(p, cmd);
    }
}
