package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Objects;

/**
 * Everything about the consumer a phase of an experiment sets: the most records a poll hands the
 * listener (a change of it restarts the listener container), how the listener receives records, when
 * offsets are committed, the simulated processing of each record, and any other Kafka consumer
 * properties ({@code consumerConfig}, by their Kafka names: {@code fetch.max.wait.ms} and the other
 * fetch properties among them). The one type for it: the consumer-app
 * holds it, {@code /actuator/consumer} shows it, a scenario's phase asks for it. Checked when made,
 * so an inconsistent combination cannot exist. Its JSON is a flat object, one field per setting
 * (the commit figure the mode does not read and an empty {@code consumerConfig} left out).
 *
 * @param maxPollRecords max.poll.records: the largest batch a listener call receives
 * @param listener one record per listener call, the poll's batch, or a share group's consumers
 * @param commit when offsets are committed
 * @param commitCount records between commits, for {@link CommitMode#COUNT} only
 * @param commitIntervalMs time between commits, for {@link CommitMode#TIME} and {@link CommitMode#AUTO} only
 * @param commitSync whether a commit waits for the broker's answer (commitSync) or not
 * @param processing in order on the listener thread, per key on workers, or unordered on workers
 * @param workers worker threads, for per-key and unordered processing (1 for in order); with listener
 *     share, its consumers
 * @param workMicros simulated processing time per record, µs (0: none)
 * @param work what the simulated processing does: spin on the CPU or wait
 * @param consumerConfig any other Kafka consumer properties ({@link ExtraProperties}), checked by
 *     Kafka's own definitions where the client is on the classpath; empty when none. One not given is
 *     Kafka's default
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConsumerSettings(
        int maxPollRecords,
        ListenerType listener,
        CommitMode commit,
        Integer commitCount,
        Integer commitIntervalMs,
        boolean commitSync,
        ProcessingOrder processing,
        int workers,
        int workMicros,
        WorkKind work,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> consumerConfig) {

    /**
     * The consumer-app's defaults: Kafka's fetch properties, the poll's batch per call, asynchronous
     * commits every 5 s (so commits cost the brokers little at tens of thousands of records/s), no
     * simulated work.
     */
    public static final ConsumerSettings DEFAULTS = new ConsumerSettings(
            500,
            ListenerType.BATCH,
            CommitMode.TIME,
            null,
            5_000,
            false,
            ProcessingOrder.IN_ORDER,
            1,
            0,
            WorkKind.WAIT,
            Map.of());

    /** Share consumers one instance runs at most (each a Kafka client and a thread). */
    public static final int MAX_SHARE_CONSUMERS = 32;

    public ConsumerSettings {
        ConsumerLimits.MAX_POLL_RECORDS.check("maxPollRecords", maxPollRecords);
        if (commitCount != null) {
            ConsumerLimits.COMMIT_COUNT.check("commitCount", commitCount);
        }
        if (commitIntervalMs != null) {
            ConsumerLimits.COMMIT_INTERVAL_MS.check("commitIntervalMs", commitIntervalMs);
        }
        ConsumerLimits.WORKERS.check("workers", workers);
        ConsumerLimits.WORK_MICROS.check("workMicros", workMicros);
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(processing, "processing");
        Objects.requireNonNull(work, "work");
        consumerConfig = ExtraProperties.checked("consumerConfig", consumerConfig, ExtraProperties.CONSUMER_OWNED);
        commitFigure(
                commit,
                commit == CommitMode.COUNT,
                CommitMode.COUNT.label(),
                commitCount,
                "commitCount",
                "the records between commits");
        commitFigure(
                commit,
                commit.timed(),
                CommitMode.TIME + " or " + CommitMode.AUTO,
                commitIntervalMs,
                "commitIntervalMs",
                "the milliseconds between commits");
        if (commit == CommitMode.RECORD && listener != ListenerType.RECORD) {
            throw new BadSettingsException(
                    "commit", "commit record needs listener record (a batch listener commits what it was handed)");
        }
        if (listener != ListenerType.BATCH && processing != ProcessingOrder.IN_ORDER) {
            throw new BadSettingsException(
                    "processing",
                    "processing " + processing + " spreads a batch over workers: it needs listener batch");
        }
        if (listener == ListenerType.SHARE && workers > MAX_SHARE_CONSUMERS) {
            throw new BadSettingsException(
                    "workers",
                    "workers: with listener share, the share group's consumers on this instance, each a Kafka"
                            + " client with its own thread: at most " + MAX_SHARE_CONSUMERS + "; got " + workers);
        }
        if (listener == ListenerType.SHARE && consumerConfig.containsKey("isolation.level")) {
            throw new BadSettingsException(
                    "consumerConfig",
                    "consumerConfig: isolation.level is no share consumer's setting (a share group's isolation is"
                            + " its group config share.isolation.level, read_uncommitted here): leave it out with"
                            + " listener share");
        }
        if (listener == ListenerType.SHARE && (commit == CommitMode.RECORD || commit == CommitMode.AUTO)) {
            throw new BadSettingsException(
                    "commit", "commit " + commit + ": a share group acknowledges each record; it commits no offsets");
        }
        if (commit == CommitMode.AUTO && commitSync) {
            throw new BadSettingsException(
                    "commitSync", "commitSync: commit auto is the Kafka consumer's own, asynchronous inside poll");
        }
        if (processing == ProcessingOrder.IN_ORDER && workers != 1 && listener != ListenerType.SHARE) {
            throw new BadSettingsException(
                    "workers",
                    "workers: processing in-order runs on the listener thread alone; "
                            + "give workers 1 or processing per-key or unordered; got " + workers);
        }
    }

    /** A commit mode's own figure (its count, its interval) is given with the modes it belongs to and only with them. */
    private static void commitFigure(
            CommitMode commit, boolean belongs, String modes, Integer figure, String field, String what) {
        if (belongs && figure == null) {
            throw new BadSettingsException(field, field + ": commit " + commit + " needs " + what);
        }
        if (!belongs && figure != null) {
            throw new BadSettingsException(
                    field, field + " is only read with commit " + modes + "; got commit " + commit);
        }
    }

    /**
     * Read from JSON (the consumer's status, a summary) by the endpoint's own strict reader; the fetch
     * settings of one written before they went into {@code consumerConfig} are read as the properties
     * they are ({@link ExtraProperties#FORMER_CONSUMER_SETTINGS}).
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ConsumerSettings fromJson(Map<String, Object> fields) {
        return DEFAULTS.apply(ConsumerChange.read(
                ExtraProperties.formerSettingsMoved(fields, ExtraProperties.FORMER_CONSUMER_SETTINGS, "consumerConfig"),
                ConsumerChange.SETTINGS_FIELDS));
    }

    /**
     * These settings with every field the change sets replaced. A change of commit mode without
     * its count or interval takes the new mode's default (1,000 records, 5 s for time and auto); a change to
     * in-order processing without workers goes back to 1 worker; to parallel processing without
     * workers, to 8.
     */
    public ConsumerSettings apply(ConsumerChange c) {
        CommitMode nextCommit = or(c.commit(), commit);
        Integer nextCount = c.commitCount() != null || nextCommit == commit
                ? or(c.commitCount(), commitCount)
                : (nextCommit == CommitMode.COUNT ? Integer.valueOf(1_000) : null);
        Integer nextInterval = c.commitIntervalMs() != null || nextCommit == commit
                ? or(c.commitIntervalMs(), commitIntervalMs)
                : (nextCommit.timed() ? Integer.valueOf(5_000) : null);
        ProcessingOrder nextProcessing = or(c.processing(), processing);
        int nextWorkers = c.workers() != null || nextProcessing == processing
                ? or(c.workers(), workers)
                : (nextProcessing == ProcessingOrder.IN_ORDER ? 1 : 8);
        return new ConsumerSettings(
                or(c.maxPollRecords(), maxPollRecords),
                or(c.listener(), listener),
                nextCommit,
                nextCount,
                nextInterval,
                or(c.commitSync(), commitSync),
                nextProcessing,
                nextWorkers,
                or(c.workMicros(), workMicros),
                or(c.work(), work),
                or(c.consumerConfig(), consumerConfig));
    }

    private static <T> T or(T given, T current) {
        return given != null ? given : current;
    }

    /** Whether going from these settings to {@code next} needs a new Kafka consumer (its poll's batch or other properties differ). */
    public boolean fetchDiffers(ConsumerSettings next) {
        return !kafkaProperties().equals(next.kafkaProperties()) || !consumerConfig.equals(next.consumerConfig);
    }

    /** The Kafka consumer's properties these settings give, by Kafka's names, as text; the other properties go beside them. */
    public Map<String, String> kafkaProperties() {
        return Map.of(ExtraProperties.MAX_POLL_RECORDS, Integer.toString(maxPollRecords));
    }

    /** When and how offsets are committed: "batch sync", "time 5000 ms async", "count 1000 async", "auto 5000 ms async". */
    public String describeCommit() {
        return commit
                + (commit == CommitMode.COUNT ? " " + commitCount : "")
                + (commit.timed() ? " " + commitIntervalMs + " ms" : "")
                + (commitSync ? " sync" : " async");
    }

    /** A short name for progress lines and reports: "batch 50, per-key x 50, commit batch, wait 1000 µs". */
    public String describe() {
        if (listener == ListenerType.SHARE) {
            return "share group x " + workers + ", batch " + maxPollRecords + ", " + simulated() + describeProperties();
        }
        String unit = listener == ListenerType.RECORD ? "record" : "batch " + maxPollRecords;
        String order = processing == ProcessingOrder.IN_ORDER ? "in-order" : processing + " x " + workers;
        String commits = "commit " + describeCommit();
        return unit + ", " + order + ", " + commits + ", " + simulated() + describeProperties();
    }

    private String simulated() {
        return workMicros == 0 ? "no work" : work + " " + workMicros + " µs";
    }

    private String describeProperties() {
        return consumerConfig.isEmpty() ? "" : ", " + consumerConfig;
    }
}
