package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Objects;

/**
 * Everything about the consumer a phase of an experiment sets: the fetch settings of the Kafka
 * consumer, how the listener receives records, when offsets are committed, and the simulated
 * processing of each record. The one type for it: the consumer-app holds it, {@code
 * /actuator/consumer} shows it, a scenario's phase asks for it. Checked when made, so an
 * inconsistent combination cannot exist.
 *
 * @param fetchMinBytes fetch.min.bytes
 * @param fetchMaxWaitMs fetch.max.wait.ms
 * @param maxPollRecords max.poll.records: the largest batch a listener call receives
 * @param maxPartitionFetchBytes max.partition.fetch.bytes
 * @param listener one record per listener call, or the poll's batch
 * @param commit when offsets are committed
 * @param commitCount records between commits, for {@link CommitMode#COUNT} only
 * @param commitIntervalMs time between commits, for {@link CommitMode#TIME} only
 * @param commitSync whether a commit waits for the broker's answer (commitSync) or not
 * @param processing in order on the listener thread, per key on workers, or unordered on workers
 * @param workers worker threads, for per-key and unordered processing (1 for in order)
 * @param workMicros simulated processing time per record, µs (0: none)
 * @param work what the simulated processing does: spin on the CPU or wait
 * @param consumerConfig any other Kafka consumer properties, by their Kafka names ({@link
 *     ExtraProperties}; null reads as none); shown only when some are set
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConsumerSettings(
        int fetchMinBytes,
        int fetchMaxWaitMs,
        int maxPollRecords,
        int maxPartitionFetchBytes,
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
     * The consumer-app's defaults: Kafka's fetch settings, the poll's batch per call, asynchronous
     * commits every 5 s (so commits cost the brokers little at tens of thousands of records/s), no
     * simulated work.
     */
    public static final ConsumerSettings DEFAULTS = new ConsumerSettings(
            1,
            500,
            500,
            1_048_576,
            ListenerType.BATCH,
            CommitMode.TIME,
            null,
            5_000,
            false,
            ProcessingOrder.IN_ORDER,
            1,
            0,
            WorkKind.WAIT,
            null);

    public ConsumerSettings {
        consumerConfig = ExtraProperties.checked("consumerConfig", consumerConfig, ExtraProperties.CONSUMER_OWNED);
        ConsumerLimits.FETCH_MIN_BYTES.check("fetchMinBytes", fetchMinBytes);
        ConsumerLimits.FETCH_MAX_WAIT_MS.check("fetchMaxWaitMs", fetchMaxWaitMs);
        ConsumerLimits.MAX_POLL_RECORDS.check("maxPollRecords", maxPollRecords);
        ConsumerLimits.MAX_PARTITION_FETCH_BYTES.check("maxPartitionFetchBytes", maxPartitionFetchBytes);
        ConsumerLimits.WORKERS.check("workers", workers);
        ConsumerLimits.WORK_MICROS.check("workMicros", workMicros);
        require(listener, "listener", ListenerType.acceptedNames());
        require(commit, "commit", CommitMode.acceptedNames());
        require(processing, "processing", ProcessingOrder.acceptedNames());
        require(work, "work", WorkKind.acceptedNames());
        if (commit == CommitMode.COUNT) {
            if (commitCount == null) {
                throw new BadSettingsException(
                        "commitCount", "commitCount: commit count needs the records between commits");
            }
            ConsumerLimits.COMMIT_COUNT.check("commitCount", commitCount);
        } else if (commitCount != null) {
            throw new BadSettingsException(
                    "commitCount", "commitCount is only read with commit count; got commit " + commit);
        }
        if (commit == CommitMode.TIME) {
            if (commitIntervalMs == null) {
                throw new BadSettingsException(
                        "commitIntervalMs", "commitIntervalMs: commit time needs the milliseconds between commits");
            }
            ConsumerLimits.COMMIT_INTERVAL_MS.check("commitIntervalMs", commitIntervalMs);
        } else if (commitIntervalMs != null) {
            throw new BadSettingsException(
                    "commitIntervalMs", "commitIntervalMs is only read with commit time; got commit " + commit);
        }
        if (commit == CommitMode.RECORD && listener != ListenerType.RECORD) {
            throw new BadSettingsException(
                    "commit", "commit record needs listener record (a batch listener commits what it was handed)");
        }
        if (listener == ListenerType.RECORD && processing != ProcessingOrder.IN_ORDER) {
            throw new BadSettingsException(
                    "processing",
                    "processing " + processing + " spreads a batch over workers: it needs listener batch");
        }
        if (processing == ProcessingOrder.IN_ORDER && workers != 1) {
            throw new BadSettingsException(
                    "workers",
                    "workers: processing in-order runs on the listener thread alone; "
                            + "give workers 1 or processing per-key or unordered; got " + workers);
        }
    }

    private static void require(Object value, String field, String accepted) {
        if (value == null) {
            throw new BadSettingsException(field, field + " must be one of " + accepted);
        }
    }

    /**
     * These settings with every field the change sets replaced. A change of commit mode without
     * its count or interval takes the new mode's default (1,000 records, 5 s); a change to
     * in-order processing without workers goes back to 1 worker; to parallel processing without
     * workers, to 8.
     */
    public ConsumerSettings apply(ConsumerChange change) {
        Objects.requireNonNull(change, "change");
        CommitMode newCommit = change.commit() != null ? change.commit() : commit;
        Integer count = change.commitCount() != null
                ? change.commitCount()
                : newCommit != CommitMode.COUNT ? null : commit == CommitMode.COUNT ? commitCount : 1_000;
        Integer interval = change.commitIntervalMs() != null
                ? change.commitIntervalMs()
                : newCommit != CommitMode.TIME ? null : commit == CommitMode.TIME ? commitIntervalMs : 5_000;
        ProcessingOrder newProcessing = change.processing() != null ? change.processing() : processing;
        int newWorkers = change.workers() != null
                ? change.workers()
                : newProcessing == processing ? workers : newProcessing == ProcessingOrder.IN_ORDER ? 1 : 8;
        return new ConsumerSettings(
                change.fetchMinBytes() != null ? change.fetchMinBytes() : fetchMinBytes,
                change.fetchMaxWaitMs() != null ? change.fetchMaxWaitMs() : fetchMaxWaitMs,
                change.maxPollRecords() != null ? change.maxPollRecords() : maxPollRecords,
                change.maxPartitionFetchBytes() != null ? change.maxPartitionFetchBytes() : maxPartitionFetchBytes,
                change.listener() != null ? change.listener() : listener,
                newCommit,
                count,
                interval,
                change.commitSync() != null ? change.commitSync() : commitSync,
                newProcessing,
                newWorkers,
                change.workMicros() != null ? change.workMicros() : workMicros,
                change.work() != null ? change.work() : work,
                change.consumerConfig() != null ? change.consumerConfig() : consumerConfig);
    }

    /** Whether going from these settings to {@code next} needs a new Kafka consumer (its fetch settings or other properties differ). */
    public boolean fetchDiffers(ConsumerSettings next) {
        return !consumerConfig.equals(next.consumerConfig)
                || fetchMinBytes != next.fetchMinBytes
                || fetchMaxWaitMs != next.fetchMaxWaitMs
                || maxPollRecords != next.maxPollRecords
                || maxPartitionFetchBytes != next.maxPartitionFetchBytes;
    }

    /** When and how offsets are committed: "batch sync", "time 5000 ms async", "count 1000 async". */
    public String describeCommit() {
        return commit
                + (commit == CommitMode.COUNT ? " " + commitCount : "")
                + (commit == CommitMode.TIME ? " " + commitIntervalMs + " ms" : "")
                + (commitSync ? " sync" : " async");
    }

    /** A short name for progress lines and reports: "batch 50, per-key x 50, commit batch, wait 1000 µs". */
    public String describe() {
        String unit = listener == ListenerType.RECORD ? "record" : "batch " + maxPollRecords;
        String order = processing == ProcessingOrder.IN_ORDER ? "in-order" : processing + " x " + workers;
        String commits = "commit " + describeCommit();
        String simulated = workMicros == 0 ? "no work" : work + " " + workMicros + " µs";
        String properties = consumerConfig.isEmpty() ? "" : ", " + consumerConfig;
        return unit + ", " + order + ", " + commits + ", " + simulated + properties;
    }
}
