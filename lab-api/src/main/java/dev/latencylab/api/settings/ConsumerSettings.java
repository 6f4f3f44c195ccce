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

    /** Share consumers one instance runs at most (each a Kafka client and a thread). */
    public static final int MAX_SHARE_CONSUMERS = 32;

    private ConsumerSettings(Object[] given, Map<String, String> consumerConfig) {
        super(ConsumerSetting.ALL, given, "consumerConfig", consumerConfig, ExtraProperties.CONSUMER_OWNED);
        commitFigure(
                commit() == CommitMode.COUNT,
                CommitMode.COUNT.label(),
                commitCount(),
                "commitCount",
                "the records between commits");
        commitFigure(
                commit().timed(),
                CommitMode.TIME + " or " + CommitMode.AUTO,
                commitIntervalMs(),
                "commitIntervalMs",
                "the milliseconds between commits");
        if (commit() == CommitMode.RECORD && listener() != ListenerType.RECORD) {
            throw new BadSettingsException(
                    "commit", "commit record needs listener record (a batch listener commits what it was handed)");
        }
        if (listener() != ListenerType.BATCH && processing() != ProcessingOrder.IN_ORDER) {
            throw new BadSettingsException(
                    "processing",
                    "processing " + processing() + " spreads a batch over workers: it needs listener batch");
        }
        if (listener() == ListenerType.SHARE && workers() > MAX_SHARE_CONSUMERS) {
            throw new BadSettingsException(
                    "workers",
                    "workers: with listener share, the share group's consumers on this instance, each a Kafka"
                            + " client with its own thread: at most " + MAX_SHARE_CONSUMERS + "; got " + workers());
        }
        if (listener() == ListenerType.SHARE && consumerConfig().containsKey("isolation.level")) {
            throw new BadSettingsException(
                    "consumerConfig",
                    "consumerConfig: isolation.level is no share consumer's setting (a share group's isolation is"
                            + " its group config share.isolation.level, read_uncommitted here): leave it out with"
                            + " listener share");
        }
        if (listener() == ListenerType.SHARE && (commit() == CommitMode.RECORD || commit() == CommitMode.AUTO)) {
            throw new BadSettingsException(
                    "commit", "commit " + commit() + ": a share group acknowledges each record; it commits no offsets");
        }
        if (commit() == CommitMode.AUTO && commitSync()) {
            throw new BadSettingsException(
                    "commitSync", "commitSync: commit auto is the Kafka consumer's own, asynchronous inside poll");
        }
        if (processing() == ProcessingOrder.IN_ORDER && workers() != 1 && listener() != ListenerType.SHARE) {
            throw new BadSettingsException(
                    "workers",
                    "workers: processing in-order runs on the listener thread alone; "
                            + "give workers 1 or processing per-key or unordered; got " + workers());
        }
    }

    /** A commit mode's own figure (its count, its interval) is given with the modes it belongs to and only with them. */
    private void commitFigure(boolean belongs, String modes, Integer figure, String field, String what) {
        if (belongs && figure == null) {
            throw new BadSettingsException(field, field + ": commit " + commit() + " needs " + what);
        }
        if (!belongs && figure != null) {
            throw new BadSettingsException(
                    field, field + " is only read with commit " + modes + "; got commit " + commit());
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
     * its count or interval takes the new mode's default (1,000 records, 5 s for time and auto); a change to
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
                next[ConsumerSetting.COMMIT_INTERVAL_MS.index()] = commit.timed() ? 5_000 : null;
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

    /** When and how offsets are committed: "batch sync", "time 5000 ms async", "count 1000 async", "auto 5000 ms async". */
    public String describeCommit() {
        return commit()
                + (commit() == CommitMode.COUNT ? " " + commitCount() : "")
                + (commit().timed() ? " " + commitIntervalMs() + " ms" : "")
                + (commitSync() ? " sync" : " async");
    }

    /** A short name for progress lines and reports: "batch 50, per-key x 50, commit batch, wait 1000 µs". */
    public String describe() {
        if (listener() == ListenerType.SHARE) {
            return "share group x " + workers() + ", batch " + maxPollRecords() + ", " + simulated()
                    + describeProperties();
        }
        String unit = listener() == ListenerType.RECORD ? "record" : "batch " + maxPollRecords();
        String order = processing() == ProcessingOrder.IN_ORDER ? "in-order" : processing() + " x " + workers();
        String commits = "commit " + describeCommit();
        return unit + ", " + order + ", " + commits + ", " + simulated() + describeProperties();
    }

    private String simulated() {
        return workMicros() == 0 ? "no work" : work() + " " + workMicros() + " µs";
    }

    private String describeProperties() {
        return consumerConfig().isEmpty() ? "" : ", " + consumerConfig();
    }
}
