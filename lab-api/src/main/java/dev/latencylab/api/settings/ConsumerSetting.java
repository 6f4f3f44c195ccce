package dev.latencylab.api.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The consumer's settings, as data, one row each ({@link Setting}): the Kafka consumer's fetch
 * settings (a change of one restarts the listener container), how the listener receives records,
 * when offsets are committed and the simulated processing of each record. Every row has a fallback,
 * the consumer-app's defaults ({@link ConsumerSettings#DEFAULTS}): Kafka's fetch settings, the
 * poll's batch per call, asynchronous commits every 5 s (so commits cost the brokers little at tens
 * of thousands of records/s), no simulated work.
 */
public final class ConsumerSetting {

    private static final List<Setting<?>> ROWS = new ArrayList<>();

    public static final Setting<Integer> FETCH_MIN_BYTES =
            fetch("fetchMinBytes", "fetch.min.bytes", ConsumerLimits.FETCH_MIN_BYTES, 1);
    public static final Setting<Integer> FETCH_MAX_WAIT_MS =
            fetch("fetchMaxWaitMs", "fetch.max.wait.ms", ConsumerLimits.FETCH_MAX_WAIT_MS, 500);
    /** The largest batch a listener call receives. */
    public static final Setting<Integer> MAX_POLL_RECORDS =
            fetch("maxPollRecords", "max.poll.records", ConsumerLimits.MAX_POLL_RECORDS, 500);

    public static final Setting<Integer> MAX_PARTITION_FETCH_BYTES = fetch(
            "maxPartitionFetchBytes", "max.partition.fetch.bytes", ConsumerLimits.MAX_PARTITION_FETCH_BYTES, 1_048_576);
    /** One record per listener call, the poll's batch, or a share group's consumers. */
    public static final Setting<ListenerType> LISTENER =
            listener("listener", SettingKind.labelled(ListenerType.class), ListenerType.BATCH);

    public static final Setting<CommitMode> COMMIT =
            listener("commit", SettingKind.labelled(CommitMode.class), CommitMode.TIME);
    /** Records between commits, for {@link CommitMode#COUNT} only. */
    public static final Setting<Integer> COMMIT_COUNT =
            listener("commitCount", SettingKind.integer(ConsumerLimits.COMMIT_COUNT), null);
    /** Time between commits, for {@link CommitMode#TIME} and {@link CommitMode#AUTO} only. */
    public static final Setting<Integer> COMMIT_INTERVAL_MS =
            listener("commitIntervalMs", SettingKind.integer(ConsumerLimits.COMMIT_INTERVAL_MS), null);
    /** Whether a commit waits for the broker's answer (commitSync) or not. */
    public static final Setting<Boolean> COMMIT_SYNC = listener("commitSync", SettingKind.BOOLEAN, false);
    /** In order on the listener thread, per key on workers, or unordered on workers. */
    public static final Setting<ProcessingOrder> PROCESSING =
            listener("processing", SettingKind.labelled(ProcessingOrder.class), ProcessingOrder.IN_ORDER);
    /** Worker threads, for per-key and unordered processing (1 for in order); with listener share, its consumers. */
    public static final Setting<Integer> WORKERS = listener("workers", SettingKind.integer(ConsumerLimits.WORKERS), 1);
    /** Simulated processing time per record, µs (0: none). */
    public static final Setting<Integer> WORK_MICROS =
            listener("workMicros", SettingKind.integer(ConsumerLimits.WORK_MICROS), 0);
    /** What the simulated processing does: spin on the CPU or wait. */
    public static final Setting<WorkKind> WORK = listener("work", SettingKind.labelled(WorkKind.class), WorkKind.WAIT);

    /** Every setting, in the order JSON and scenario files show them. */
    public static final List<Setting<?>> ALL = List.copyOf(ROWS);

    private ConsumerSetting() {}

    /** A fetch setting of the Kafka consumer: its property and Kafka's default. */
    private static Setting<Integer> fetch(
            String name, String property, SettingsLimits.IntRange range, int kafkaDefault) {
        return Setting.optional(ROWS, name, property, true, SettingKind.integer(range), kafkaDefault);
    }

    /** A setting of the lab's listener, not of the Kafka consumer. */
    private static <T> Setting<T> listener(String name, SettingKind<T> kind, T fallback) {
        return Setting.optional(ROWS, name, null, false, kind, fallback);
    }

    /** The setting of that name, as scenarios and JSON spell it. */
    public static Optional<Setting<?>> named(String name) {
        return Setting.named(ALL, name);
    }
}
