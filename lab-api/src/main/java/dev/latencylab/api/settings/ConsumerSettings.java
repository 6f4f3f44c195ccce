package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Map;
import java.util.Objects;

/**
 * Everything about the consumer a phase of an experiment sets: a value for each {@link
 * ConsumerSetting} and any other Kafka consumer properties ({@code consumerConfig}, by their Kafka
 * names). The one type for it: the consumer-app holds it, {@code /actuator/consumer} shows it, a
 * scenario's phase asks for it. Checked when made, so an inconsistent combination cannot exist.
 */
public final class ConsumerSettings extends SettingValues {

    /** Every setting at its fallback: the consumer-app's defaults ({@link ConsumerSetting}). */
    public static final ConsumerSettings DEFAULTS = of(ConsumerChange.consuming(true));

    private ConsumerSettings(Object[] given, Map<String, String> consumerConfig) {
        super(ConsumerSetting.ALL, given, "consumerConfig", consumerConfig, ExtraProperties.CONSUMER_OWNED);
        commitFigure(CommitMode.COUNT, commitCount(), "commitCount", "the records between commits");
        commitFigure(CommitMode.TIME, commitIntervalMs(), "commitIntervalMs", "the milliseconds between commits");
        if (commit() == CommitMode.RECORD && listener() != ListenerType.RECORD) {
            throw new BadSettingsException(
                    "commit", "commit record needs listener record (a batch listener commits what it was handed)");
        }
        if (listener() == ListenerType.RECORD && processing() != ProcessingOrder.IN_ORDER) {
            throw new BadSettingsException(
                    "processing",
                    "processing " + processing() + " spreads a batch over workers: it needs listener batch");
        }
        if (processing() == ProcessingOrder.IN_ORDER && workers() != 1) {
            throw new BadSettingsException(
                    "workers",
                    "workers: processing in-order runs on the listener thread alone; "
                            + "give workers 1 or processing per-key or unordered; got " + workers());
        }
    }

    /** A commit mode's own figure (its count, its interval) is given with that mode and only with it. */
    private void commitFigure(CommitMode mode, Integer figure, String field, String what) {
        if (commit() == mode && figure == null) {
            throw new BadSettingsException(field, field + ": commit " + mode + " needs " + what);
        }
        if (commit() != mode && figure != null) {
            throw new BadSettingsException(
                    field, field + " is only read with commit " + mode + "; got commit " + commit());
        }
    }

    /** The settings a change gives over the defaults (the rules of {@link #apply} included). */
    public static ConsumerSettings of(ConsumerChange change) {
        return new ConsumerSettings(merged(new Object[ConsumerSetting.ALL.size()], change), change.consumerConfig());
    }

    /** Read from JSON (the consumer's status) by the endpoint's own strict reader. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ConsumerSettings fromJson(Map<String, Object> fields) {
        return of(ConsumerSettingsReader.change(fields, ConsumerSettingsReader.SETTINGS_FIELDS));
    }

    /**
     * These settings with every field the change sets replaced. A change of commit mode without
     * its count or interval takes the new mode's default (1,000 records, 5 s); a change to
     * in-order processing without workers goes back to 1 worker; to parallel processing without
     * workers, to 8.
     */
    public ConsumerSettings apply(ConsumerChange change) {
        Objects.requireNonNull(change, "change");
        return new ConsumerSettings(merged(values(), change), change.propertiesOver(consumerConfig()));
    }

    private static Object[] merged(Object[] next, ConsumerChange change) {
        CommitMode commitBefore = (CommitMode) next[ConsumerSetting.COMMIT.index()];
        ProcessingOrder processingBefore = (ProcessingOrder) next[ConsumerSetting.PROCESSING.index()];
        change.over(next);
        CommitMode commit =
                next[ConsumerSetting.COMMIT.index()] instanceof CommitMode c ? c : ConsumerSetting.COMMIT.fallback();
        if (commit != commitBefore) {
            if (!change.sets(ConsumerSetting.COMMIT_COUNT)) {
                next[ConsumerSetting.COMMIT_COUNT.index()] = commit == CommitMode.COUNT ? 1_000 : null;
            }
            if (!change.sets(ConsumerSetting.COMMIT_INTERVAL_MS)) {
                next[ConsumerSetting.COMMIT_INTERVAL_MS.index()] = commit == CommitMode.TIME ? 5_000 : null;
            }
        }
        Object processing = next[ConsumerSetting.PROCESSING.index()];
        if (processing != null && processing != processingBefore && !change.sets(ConsumerSetting.WORKERS)) {
            next[ConsumerSetting.WORKERS.index()] = processing == ProcessingOrder.IN_ORDER ? 1 : 8;
        }
        return next;
    }

    /** Whether going from these settings to {@code next} needs a new Kafka consumer (its fetch settings or other properties differ). */
    public boolean fetchDiffers(ConsumerSettings next) {
        return !sameClient(next);
    }

    public int fetchMinBytes() {
        return get(ConsumerSetting.FETCH_MIN_BYTES);
    }

    public int fetchMaxWaitMs() {
        return get(ConsumerSetting.FETCH_MAX_WAIT_MS);
    }

    public int maxPollRecords() {
        return get(ConsumerSetting.MAX_POLL_RECORDS);
    }

    public int maxPartitionFetchBytes() {
        return get(ConsumerSetting.MAX_PARTITION_FETCH_BYTES);
    }

    public ListenerType listener() {
        return get(ConsumerSetting.LISTENER);
    }

    public CommitMode commit() {
        return get(ConsumerSetting.COMMIT);
    }

    public Integer commitCount() {
        return get(ConsumerSetting.COMMIT_COUNT);
    }

    public Integer commitIntervalMs() {
        return get(ConsumerSetting.COMMIT_INTERVAL_MS);
    }

    public boolean commitSync() {
        return get(ConsumerSetting.COMMIT_SYNC);
    }

    public ProcessingOrder processing() {
        return get(ConsumerSetting.PROCESSING);
    }

    public int workers() {
        return get(ConsumerSetting.WORKERS);
    }

    public int workMicros() {
        return get(ConsumerSetting.WORK_MICROS);
    }

    public WorkKind work() {
        return get(ConsumerSetting.WORK);
    }

    /** Any other Kafka consumer properties, by their Kafka names ({@link ExtraProperties}); empty when none. */
    public Map<String, String> consumerConfig() {
        return properties();
    }

    /** When and how offsets are committed: "batch sync", "time 5000 ms async", "count 1000 async". */
    public String describeCommit() {
        return commit()
                + (commit() == CommitMode.COUNT ? " " + commitCount() : "")
                + (commit() == CommitMode.TIME ? " " + commitIntervalMs() + " ms" : "")
                + (commitSync() ? " sync" : " async");
    }

    /** A short name for progress lines and reports: "batch 50, per-key x 50, commit batch, wait 1000 µs". */
    public String describe() {
        String unit = listener() == ListenerType.RECORD ? "record" : "batch " + maxPollRecords();
        String order = processing() == ProcessingOrder.IN_ORDER ? "in-order" : processing() + " x " + workers();
        String commits = "commit " + describeCommit();
        String simulated = workMicros() == 0 ? "no work" : work() + " " + workMicros() + " µs";
        String properties = consumerConfig().isEmpty() ? "" : ", " + consumerConfig();
        return unit + ", " + order + ", " + commits + ", " + simulated + properties;
    }
}
