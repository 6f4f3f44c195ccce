package dev.latencylab.api.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads consumer settings from fields already parsed from JSON or YAML, as {@link SettingsReader}
 * reads the producer's: {@code /actuator/consumer} and a scenario's {@code consumer} block both
 * read through here. An unknown field or a quoted number is refused, naming the field.
 */
public final class ConsumerSettingsReader {

    /** The fields of {@link ConsumerSettings}, as a scenario's {@code consumer} block may name them. */
    public static final Set<String> SETTINGS_FIELDS = Set.of(
            "fetchMinBytes",
            "fetchMaxWaitMs",
            "maxPollRecords",
            "maxPartitionFetchBytes",
            "listener",
            "commit",
            "commitCount",
            "commitIntervalMs",
            "commitSync",
            "processing",
            "workers",
            "workMicros",
            "work",
            "consumerConfig");
    /** The fields of {@link ConsumerChange}: the settings and {@code consuming}. */
    public static final Set<String> CHANGE_FIELDS;

    static {
        Set<String> all = new TreeSet<>(SETTINGS_FIELDS);
        all.add("consuming");
        CHANGE_FIELDS = Set.copyOf(all);
    }

    private ConsumerSettingsReader() {}

    /** A change read from the endpoint's body; refused whole, with the first field at fault. */
    public static ConsumerChange change(Map<String, ?> fields) {
        List<BadSettingsException> problems = new ArrayList<>();
        ConsumerChange change = change(fields, CHANGE_FIELDS, problems);
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
        return change;
    }

    /**
     * A change read from {@code fields}, accepting only the {@code known} names; every problem is
     * added to {@code problems} (each naming its field), and the field at fault is left null.
     */
    public static ConsumerChange change(Map<String, ?> fields, Set<String> known, List<BadSettingsException> problems) {
        for (String name : new TreeSet<>(fields.keySet())) {
            if (!known.contains(name)) {
                problems.add(new BadSettingsException(
                        name, "unknown field '" + name + "'; accepted: " + String.join(", ", new TreeSet<>(known))));
            }
        }
        return new ConsumerChange(
                FieldReads.integer(fields, "fetchMinBytes", ConsumerLimits.FETCH_MIN_BYTES, problems),
                FieldReads.integer(fields, "fetchMaxWaitMs", ConsumerLimits.FETCH_MAX_WAIT_MS, problems),
                FieldReads.integer(fields, "maxPollRecords", ConsumerLimits.MAX_POLL_RECORDS, problems),
                FieldReads.integer(
                        fields, "maxPartitionFetchBytes", ConsumerLimits.MAX_PARTITION_FETCH_BYTES, problems),
                FieldReads.named(fields, "listener", ListenerType::parse, ListenerType.acceptedNames(), problems),
                FieldReads.named(fields, "commit", CommitMode::parse, CommitMode.acceptedNames(), problems),
                FieldReads.integer(fields, "commitCount", ConsumerLimits.COMMIT_COUNT, problems),
                FieldReads.integer(fields, "commitIntervalMs", ConsumerLimits.COMMIT_INTERVAL_MS, problems),
                FieldReads.bool(fields, "commitSync", problems),
                FieldReads.named(
                        fields, "processing", ProcessingOrder::parse, ProcessingOrder.acceptedNames(), problems),
                FieldReads.integer(fields, "workers", ConsumerLimits.WORKERS, problems),
                FieldReads.integer(fields, "workMicros", ConsumerLimits.WORK_MICROS, problems),
                FieldReads.named(fields, "work", WorkKind::parse, WorkKind.acceptedNames(), problems),
                FieldReads.bool(fields, "consuming", problems),
                FieldReads.properties(fields, "consumerConfig", ExtraProperties.CONSUMER_OWNED, problems));
    }

    /**
     * The settings a scenario's {@code consumer} block asks for, on top of {@code base}; every
     * problem, the combination's included, added to {@code problems}.
     */
    public static ConsumerSettings settings(
            Map<String, ?> fields, ConsumerSettings base, List<BadSettingsException> problems) {
        int before = problems.size();
        ConsumerChange change = change(fields, SETTINGS_FIELDS, problems);
        if (problems.size() > before) {
            return null;
        }
        try {
            return base.apply(change);
        } catch (BadSettingsException e) {
            problems.add(e);
            return null;
        }
    }
}
