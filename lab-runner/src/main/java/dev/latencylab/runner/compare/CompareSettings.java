package dev.latencylab.runner.compare;

import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.Pacing;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsLimits;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What a {@code compare} run does: the producer settings both sides share, the windows, and
 * where the lab and Kafka's tools are.
 *
 * @param stackWarmup unmeasured unthrottled lab load before the first round, so the brokers' JIT
 *                 is warm for both sides (zero: none)
 * @param warmup   before each measured window (the lab's samples and acks of the warm-up are
 *                 dropped; ProducerPerformance gets the same share as {@code --warmup-records})
 * @param toolJvmWarmup ProducerPerformance's warm-up beyond {@code warmup} in the throughput part: its JVM is
 *                 new each round and, on a 2-core machine, its rate climbed for about 20 s (25 runs in 5
 *                 comparisons: seconds 11-20 at 0.81 of seconds 21-40, median), where the producer-app's warm JVM
 *                 did not; the halves check shows when it is too short. The CPU windows' new tool JVMs warm up
 *                 for the larger of it and {@code warmup} ({@link #newToolWarmup()})
 * @param duration each measured window
 * @param rounds   how many times each side runs, alternating lab, tool, lab, tool...
 * @param lowRate  records/s of the lab's latency phase
 * @param topic    the bench topic Kafka's tools write to (created with the lab topic's layout)
 * @param backlogRecords records of each backlog the consumers drain
 * @param producerPid the producer-app's process id, whose CPU is read by thread (null: unknown, not read)
 * @param stackPids the stack's other processes (brokers, consumer-apps, Prometheus): the consumer-app's CPU by
 *     thread, the brokers' CPU
 */
public record CompareSettings(
        Duration stackWarmup,
        Duration warmup,
        Duration toolJvmWarmup,
        Duration duration,
        int lingerMs,
        int batchSize,
        int lowRate,
        int rounds,
        String labTopic,
        String topic,
        String bootstrap,
        Path kafkaLib,
        URI producer,
        URI consumer,
        Duration drainTimeout,
        long backlogRecords,
        Long producerPid,
        List<Long> stackPids) {

    public CompareSettings {
        toolJvmWarmup = toolJvmWarmup == null ? Duration.ZERO : toolJvmWarmup;
        stackPids = stackPids == null ? List.of() : List.copyOf(stackPids);
    }

    /** The CPU windows' new tool JVMs' warm-up after their first records: they are as new as the throughput part's. */
    public Duration newToolWarmup() {
        return newToolWarmup(warmup, toolJvmWarmup);
    }

    static Duration newToolWarmup(Duration warmup, Duration toolJvmWarmup) {
        return warmup.compareTo(toolJvmWarmup) >= 0 ? warmup : toolJvmWarmup;
    }

    /**
     * The topics of the consumer part's backlogs start with this: ones the consumer-app reads (its
     * pattern takes the lab topic's name and a suffix), laid out like the lab topic.
     */
    public String drainTopic() {
        return labTopic + ".compare-drain";
    }

    /**
     * The backlog topic of one round ({@code r1}, ...) or of the warm-up: a name never used before in
     * the run, so no commit meant for a deleted round's topic can land on the next round's.
     */
    public String drainTopic(String round) {
        return drainTopic() + "-" + round;
    }

    /** {@code --tool-warmup}'s default: the option and the report's description of it say the same. */
    public static final String DEFAULT_TOOL_WARMUP = "20s";

    /** The record size: the lab's default payload and ProducerPerformance's --record-size. */
    public static final int RECORD_BYTES = 400;
    /** Keyless, like Kafka's tools: the sticky partitioner fills batches the same way on both sides. */
    public static final KeyStrategy TOOL_KEYS = KeyStrategy.NONE;
    /** The lab's default keys: every record keyed by its order id. */
    public static final KeyStrategy REALISTIC_KEYS = KeyStrategy.ORDER_ID;

    public static final Compression COMPRESSION = Compression.NONE;

    /** How fast the producer-app writes a backlog here (about 46,000 a second in run AG), for the estimate. */
    static final long BACKLOG_RECORDS_PER_SECOND = 40_000;

    /**
     * The lab doing ProducerPerformance's work, unthrottled: one value made once and sent again and
     * again (payload {@code fixed}; the tool re-sends one random array), no key; the runner also
     * leaves out the lab's header and sends to the tool's topic ({@code LabDriver.unthrottledLikeTheTool}).
     * Off the open-loop schedule, as the tool's {@code --throughput -1} is: the highest rate instead
     * paced every record against a schedule it could never keep (its clock read, lateness recorded).
     */
    public ProducerSettings unthrottled() {
        return toolsWorkAtRate(SettingsLimits.UNTHROTTLED);
    }

    /**
     * {@link #unthrottled()}'s work at {@code rate} records/s: the producer's CPU window on equal work,
     * paced as ProducerPerformance paces ({@link Pacing#BURSTS}: one 3 ms sleep per 2 ms of records sent early).
     */
    public ProducerSettings toolsWorkAtRate(double rate) {
        return new ProducerSettings(
                lingerMs,
                batchSize,
                COMPRESSION,
                null,
                rate,
                RECORD_BYTES,
                TOOL_KEYS,
                PayloadKind.FIXED,
                null,
                Acks.ALL,
                0,
                0,
                Pacing.BURSTS,
                Map.of());
    }

    /**
     * The lab as its scenarios run it, unthrottled: a new JSON order per record (payload
     * {@code words}) keyed by its order id. Against {@link #unthrottled()}, the cost of realism.
     */
    public ProducerSettings realistic() {
        return atRate(SettingsLimits.UNTHROTTLED);
    }

    /** {@link #realistic()} at {@code rate} records/s, for the publish delay at half the ceiling. */
    public ProducerSettings atRate(double rate) {
        return new ProducerSettings(lingerMs, batchSize, COMPRESSION, rate, RECORD_BYTES, REALISTIC_KEYS);
    }

    /** The lab's latency phase. linger.ms is 0 because EndToEndLatency forces 0 on its own producer. */
    public ProducerSettings lowRateSettings() {
        return new ProducerSettings(0, batchSize, COMPRESSION, lowRate, RECORD_BYTES, TOOL_KEYS);
    }

    /**
     * The Kafka producer properties the producer-app runs with in the throughput and CPU windows (the
     * settings' own: acks=all with idempotence, 5 in flight, the compared linger and batch, Kafka's
     * default buffers), given to ProducerPerformance as they are: made by the same method the app's
     * client is configured by, so both sides run the same settings by construction.
     */
    public Map<String, String> producerProperties() {
        return unthrottled().kafkaProperties();
    }

    /**
     * About how long the comparison takes. Per round: 3 throughput windows, 1 latency window (+ the
     * tool and two floors, about as long), 2 backlogs written at
     * {@link #BACKLOG_RECORDS_PER_SECOND}, and 4 CPU windows
     * (two of them new tool JVMs, warmed up for {@link #newToolWarmup()}, and about 10 s of starting and catching up);
     * once: 2 publish-delay windows and the consumer's warm-up drains.
     */
    public Duration roughDuration() {
        Duration toolWarmupBeyond = newToolWarmup().minus(warmup);
        return warmup.plus(duration)
                .multipliedBy(9L * rounds + 2)
                .plus(toolWarmupBeyond.multipliedBy(2L * rounds))
                .plus(Duration.ofSeconds(10L * rounds
                        + 2 * backlogRecords / BACKLOG_RECORDS_PER_SECOND * rounds
                        + 2 * ConsumerRounds.WARMUP_RECORDS / BACKLOG_RECORDS_PER_SECOND
                        + 30))
                .plus(stackWarmup)
                .withNanos(0);
    }
}
