package dev.latencylab.runner.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.SenderTime;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BinaryOperator;

/**
 * What a {@code compare} run measured, as written to compare.json and rendered to compare.md.
 * A verdict is null when its part did not run to the end (see {@code stopReason}).
 */
public record CompareResult(
        Instant startedAt,
        Instant endedAt,
        boolean complete,
        String stopReason,
        String command,
        Setup setup,
        List<ThroughputRound> throughput,
        Verdict throughputVerdict,
        List<LatencyRound> latency,
        Verdict latencyVerdict,
        Verdict floorVerdict,
        PublishDelay publishDelay,
        Verdict publishDelayVerdict,
        CpuCost cpu,
        List<CpuCost> cpuRounds,
        Verdict producerCpuVerdict,
        Verdict consumerCpuVerdict,
        List<Verdict> cpuThreadVerdicts,
        List<ConsumerRound> consumer,
        Verdict consumerVerdict,
        Verdict recordListenerVerdict,
        List<String> notes,
        List<String> warnings) {

    public CompareResult {
        throughput = List.copyOf(throughput);
        latency = List.copyOf(latency);
        consumer = List.copyOf(consumer);
        cpuRounds = cpuRounds == null ? List.of() : List.copyOf(cpuRounds);
        cpuThreadVerdicts = cpuThreadVerdicts == null ? List.of() : List.copyOf(cpuThreadVerdicts);
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
    }

    /**
     * The settings both sides ran with, and where.
     *
     * @param newToolWarmup what a tool in a JVM started for its window waits before its figures count (the
     *     larger of {@code warmup} and {@code toolWarmup})
     * @param benchLayout the lab topic's layout, which the bench topic copies
     */
    public record Setup(
            String acks,
            int recordBytes,
            String compression,
            int lingerMs,
            int batchSize,
            int lowRate,
            int latencyLingerMs,
            String stackWarmup,
            String warmup,
            String toolWarmup,
            String newToolWarmup,
            String duration,
            int rounds,
            long backlogRecords,
            String drainTopic,
            Map<String, String> drainConsumerProperties,
            String labTopic,
            String benchTopic,
            TopicLayout benchLayout,
            Map<String, String> producerProperties,
            String kafkaTools,
            String java,
            String os,
            int cores) {}

    /**
     * One round of the throughput part: the lab doing the tool's work and ProducerPerformance (from its
     * first records, warm-up + window, then stopped), in the order {@code labFirst} says, then the lab as
     * its scenarios run it ({@code labRealistic}); {@code toolMeasured} is the tool's acknowledged rate over
     * the same window on its own clock. {@code labCpu} and {@code toolCpu}: /proc over the two same-work
     * windows (null where the process was not read: the producer-app off the local stack).
     */
    public record ThroughputRound(
            int round,
            boolean labFirst,
            LabThroughput lab,
            ProducerPerfOutput.Measured toolMeasured,
            ProducerPerfOutput tool,
            String toolRanFor,
            List<String> toolCommand,
            LabThroughput labRealistic,
            CeilingCpu labCpu,
            CeilingCpu toolCpu) {

        @JsonProperty("ratio")
        public double ratio() {
            return lab.ackedPerSec() / toolMeasured.recordsPerSec();
        }

        /** Realistic over same-work acked records/s: what keys and a JSON payload per record cost. */
        @JsonProperty("realismRatio")
        public Double realismRatio() {
            return labRealistic == null ? null : labRealistic.ackedPerSec() / lab.ackedPerSec();
        }
    }

    /**
     * CPU per record at a fixed rate, four windows of the same length one after the other: the lab's
     * realistic pipeline, the same load read by ConsumerPerformance instead of the consumer-app, the
     * producer-app doing the tool's work (nobody reading), then the tools'.
     *
     * @param rate records/s each pipeline was asked for (half the realistic ceiling)
     * @param producerApp the realistic producer-app (JSON order, key, header, the lab topic): the cost of realism
     * @param producerAppToolsWork the producer-app doing ProducerPerformance's work (payload fixed, no key,
     *     no header, the tool's topic): the one the producer's goal is judged on
     * @param consumerApp the consumer-app reading the realistic load, with ConsumerPerformance's fetch settings
     *     and commits (Kafka's auto-commit)
     * @param consumerPerformanceLabRecords ConsumerPerformance reading the same load (the lab's records, at the
     *     same rate): the one the consumer's goal is judged on
     * @param consumerPerformance ConsumerPerformance reading ProducerPerformance's records: what the lab's
     *     records (key, header, JSON) cost a plain consumer, beside the above
     * @param toolCommands the tools' command lines: ConsumerPerformance on the lab's records, then the tools'
     *     window's
     * @param labProc /proc's figures of the realistic window; null off the local stack
     * @param labRecordsProc /proc's figures of ConsumerPerformance's window on the lab's records
     * @param toolsWorkProc /proc's figures of the producer-app's window doing the tool's work
     * @param toolProc /proc's figures of the tools' window
     */
    public record CpuCost(
            double rate,
            CpuUse producerApp,
            CpuUse producerAppToolsWork,
            CpuUse producerPerformance,
            CpuUse consumerApp,
            CpuUse consumerPerformanceLabRecords,
            CpuUse consumerPerformance,
            List<List<String>> toolCommands,
            ProcWindow.Result labProc,
            ProcWindow.Result labRecordsProc,
            ProcWindow.Result toolsWorkProc,
            ProcWindow.Result toolProc) {

        List<CpuUse> all() {
            return List.of(
                    producerApp,
                    producerAppToolsWork,
                    producerPerformance,
                    consumerApp,
                    consumerPerformanceLabRecords,
                    consumerPerformance);
        }

        /** The realistic producer-app's CPU per record over its own doing the tool's work: what realism costs. */
        @JsonProperty("realismCpuRatio")
        public Double realismCpuRatio() {
            Double real = producerApp.cpuMsPer1000Records();
            Double same = producerAppToolsWork.cpuMsPer1000Records();
            return real == null || same == null || !(same > 0) ? null : real / same;
        }

        /**
         * The rounds added up, all at one rate: every window's records, seconds and CPU time summed, process
         * by process and thread by thread, which the tables show. The goals are judged round by round and on
         * the median ({@link CpuThreadGoals}); the sum is what a reader checks a round against. The rounds'
         * commands differ only in the tools' group names: the first round's stand for all.
         */
        static CpuCost total(List<CpuCost> rounds) {
            return rounds.stream()
                    .reduce((a, b) -> new CpuCost(
                            a.rate,
                            both(a.producerApp, b.producerApp, CpuUse::plus),
                            both(a.producerAppToolsWork, b.producerAppToolsWork, CpuUse::plus),
                            both(a.producerPerformance, b.producerPerformance, CpuUse::plus),
                            both(a.consumerApp, b.consumerApp, CpuUse::plus),
                            both(a.consumerPerformanceLabRecords, b.consumerPerformanceLabRecords, CpuUse::plus),
                            both(a.consumerPerformance, b.consumerPerformance, CpuUse::plus),
                            a.toolCommands,
                            both(a.labProc, b.labProc, ProcWindow.Result::plus),
                            both(a.labRecordsProc, b.labRecordsProc, ProcWindow.Result::plus),
                            both(a.toolsWorkProc, b.toolsWorkProc, ProcWindow.Result::plus),
                            both(a.toolProc, b.toolProc, ProcWindow.Result::plus)))
                    .orElseThrow(() -> new IllegalArgumentException("no CPU rounds"));
        }

        /** Null where either round lacks the figure: a sum of some rounds would pass for all of them. */
        private static <T> T both(T x, T y, BinaryOperator<T> sum) {
            return x == null || y == null ? null : sum.apply(x, y);
        }
    }

    /**
     * One process's CPU time over its window (user and system, all its threads) and the records its
     * pipeline wrote in the window. The window's start, with its length, says which part of a JFR
     * recording to draw (flamegraph --from, --to).
     */
    public record CpuUse(String process, Instant from, long records, double seconds, double cpuSeconds) {

        @JsonProperty("cpuMsPer1000Records")
        public Double cpuMsPer1000Records() {
            return records > 0 ? cpuSeconds * 1e6 / records : null;
        }

        /** This window and {@code o} together; this one's start stays (a JFR recording's reader starts there). */
        CpuUse plus(CpuUse o) {
            return new CpuUse(process, from, records + o.records, seconds + o.seconds, cpuSeconds + o.cpuSeconds);
        }
    }

    /**
     * One round of the consumer part: the consumer-app draining a backlog with its record listener
     * and another with its batch listener, then ConsumerPerformance reading both, timed over the
     * second ({@link ConsumerPerfOutput#recordsPerSec()}).
     */
    public record ConsumerRound(
            int round, LabDrain record, LabDrain batch, ConsumerPerfOutput tool, List<String> toolCommand) {

        @JsonProperty("recordRatio")
        public Double recordRatio() {
            return tool.recordsPerSec() > 0 ? record.recordsPerSec() / tool.recordsPerSec() : null;
        }

        @JsonProperty("batchRatio")
        public Double batchRatio() {
            return tool.recordsPerSec() > 0 ? batch.recordsPerSec() / tool.recordsPerSec() : null;
        }
    }

    /**
     * The producer-app's publish delay (actual minus intended send time) over one window at half
     * the realistic ceiling, as the producer-app's own phase tally has it.
     *
     * @param rate          records/s asked for: half the mean realistic acked rate, rounded down to 100
     * @param sentPerSec    sent over the window
     * @param publishDelayMs percentiles of the window's sends
     * @param senderTime     where the sender thread's time went in the window: what bounds the delay
     * @param blockedInSendMs time the sender thread was blocked inside {@code send()} on a full accumulator
     *     in the window (the Kafka producer's bufferpool-wait-time-ns-total, its difference over the
     *     window); null where the producer-app does not tell
     */
    public record PublishDelay(
            double rate,
            double seconds,
            long sent,
            double sentPerSec,
            Percentiles publishDelayMs,
            SenderTime senderTime,
            Double blockedInSendMs) {

        /** Below this share of the asked records sent, the open-loop schedule fell behind: the window is refused. */
        public static final double MIN_SENT_OVER_ASKED = 0.99;

        /**
         * Records sent over records asked for in the window; its length the producer's own (the phase's,
         * on the sender's clock) where it tells, else the runner's.
         */
        @JsonProperty("sentOverAsked")
        public Double sentOverAsked() {
            double s = senderTime != null && senderTime.seconds() > 0 ? senderTime.seconds() : seconds;
            return rate > 0 && s > 0 ? sent / (rate * s) : null;
        }

        /**
         * Why the window is not a valid measurement of the sender, or null: the schedule fell behind
         * (what is then measured is a backlog, not the sender), or {@code send()} waited for room in the
         * accumulator (the producer, not the sender, was the bottleneck).
         */
        @JsonProperty("refusal")
        public String refusal() {
            List<String> why = new java.util.ArrayList<>();
            Double ratio = sentOverAsked();
            if (ratio != null && ratio < MIN_SENT_OVER_ASKED) {
                why.add(String.format(
                        Locale.ROOT,
                        "the open-loop schedule fell behind (sent/asked %.3f < %.2f)",
                        ratio,
                        MIN_SENT_OVER_ASKED));
            }
            if (blockedInSendMs != null && blockedInSendMs > 0) {
                why.add(String.format(
                        Locale.ROOT, "send() waited %.1f ms for room in the producer's accumulator", blockedInSendMs));
            }
            return why.isEmpty() ? null : String.join("; ", why);
        }

        /** One line on where the sender's time went, per second of the window; empty without figures. */
        public String account() {
            if (senderTime == null || !(senderTime.seconds() > 0)) {
                return "";
            }
            double s = senderTime.seconds();
            String cpu = senderTime.onCpuMs() == null
                    ? "no scheduler figures on this platform"
                    : String.format(
                            Locale.ROOT,
                            "the sender thread ran %.0f ms per second on a CPU and waited %.0f ms per second for one"
                                    + " (ready to send, another process on the core)",
                            senderTime.onCpuMs() / s,
                            senderTime.waitingForCpuMs() / s);
            String blocked = blockedInSendMs == null
                    ? "its time blocked in send() is not told by this producer-app"
                    : String.format(
                            Locale.ROOT,
                            "it was blocked in send() on a full accumulator %.1f ms per second",
                            blockedInSendMs / s);
            return String.format(
                    Locale.ROOT,
                    "%s; %s; the JVM paused for %d collections, %d ms in all (%.1f ms per second)",
                    cpu,
                    blocked,
                    senderTime.gcCount(),
                    senderTime.gcPauseMs(),
                    senderTime.gcPauseMs() / s);
        }
    }

    /**
     * One round of the latency part: the lab's low-rate window, EndToEndLatency, then the closed-loop
     * floor twice (right after the tool): back to back with fetch.max.wait.ms 0 ({@code busyPoll}: the
     * machine's physical bound) and paced at the lab's rate with the consumer-app's fetch settings
     * ({@code pacedFloor}: the stack idles between records as it does under the lab; the goal's floor),
     * in the order {@code labFirst} says.
     */
    public record LatencyRound(
            int round,
            boolean labFirst,
            PhaseView lab,
            EndToEndResult tool,
            long toolRecords,
            List<String> toolCommand,
            Floor busyPoll,
            Floor pacedFloor) {

        /** Lab e2e p50 over the paced floor's (one record per lab interval), both in µs. */
        @JsonProperty("floorRatio")
        public Double floorRatio() {
            return ratioTo(pacedFloor);
        }

        /** Lab e2e p50 over the busy-poll bound's, both in µs. */
        @JsonProperty("busyPollRatio")
        public Double busyPollRatio() {
            return ratioTo(busyPoll);
        }

        private Double ratioTo(Floor f) {
            return lab.latencyMs() == null || f == null || !(f.e2eMs().p50() > 0)
                    ? null
                    : lab.latencyMs().p50() / f.e2eMs().p50();
        }
    }
}
