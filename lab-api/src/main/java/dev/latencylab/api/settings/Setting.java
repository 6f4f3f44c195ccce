package dev.latencylab.api.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One setting of the lab, as data: its name in scenarios, JSON and reports, the Kafka property it
 * sets (none for a setting of the load or the listener), whether the Kafka client runs with it, how
 * its values are read and shown, and its value when none is given. The producer's rows are {@link
 * ProducerSetting}'s table (the consumer's settings are the components of {@link ConsumerSettings}).
 *
 * @param <T> the type of its values
 */
public final class Setting<T> {

    private final int index;
    private final String name;
    private final String kafkaProperty;
    private final boolean client;
    private final boolean required;
    private final SettingKind<T> kind;
    private final T fallback;

    private Setting(
            List<Setting<?>> table,
            String name,
            String kafkaProperty,
            boolean client,
            boolean required,
            SettingKind<T> kind,
            T fallback) {
        this.index = table.size();
        this.name = name;
        this.kafkaProperty = kafkaProperty;
        this.client = client;
        this.required = required;
        this.kind = kind;
        this.fallback = fallback;
        table.add(this);
    }

    /** A Kafka client setting every phase must give, added to {@code table}. */
    static <T> Setting<T> required(List<Setting<?>> table, String name, String property, SettingKind<T> kind) {
        return new Setting<>(table, name, property, true, true, kind, null);
    }

    /** A setting of the load (not of the Kafka client) every phase must give, added to {@code table}. */
    static <T> Setting<T> required(List<Setting<?>> table, String name, SettingKind<T> kind) {
        return new Setting<>(table, name, null, false, true, kind, null);
    }

    /**
     * A setting with a value when none is given, added to {@code table}; {@code client}: the Kafka
     * client runs with it (its property, when it has one of its own, is {@code property}).
     */
    static <T> Setting<T> optional(
            List<Setting<?>> table, String name, String property, boolean client, SettingKind<T> kind, T fallback) {
        return new Setting<>(table, name, property, client, false, kind, fallback);
    }

    static Optional<Setting<?>> named(List<Setting<?>> table, String name) {
        return table.stream().filter(s -> s.name.equals(name)).findFirst();
    }

    /** The names of the table's settings and {@code more}: the fields a reader accepts. */
    static Set<String> names(List<Setting<?>> table, Set<String> more) {
        Set<String> all = new TreeSet<>(more);
        table.forEach(s -> all.add(s.name));
        return Set.copyOf(all);
    }

    /**
     * The table's settings read from {@code fields}, by row index (null: absent or refused), after a
     * problem for each field {@code known} does not name: what both readers do first. Every problem
     * names its field.
     */
    static Object[] readAll(
            List<Setting<?>> table, Map<String, ?> fields, Set<String> known, List<BadSettingsException> problems) {
        FieldReads.unknown(fields, known, problems);
        Object[] values = new Object[table.size()];
        for (Setting<?> s : table) {
            values[s.index] = s.read(fields, problems);
        }
        return values;
    }

    /** One field per row with a value, in the table's order: the JSON of values by row index. */
    static Map<String, Object> json(List<Setting<?>> table, Object[] values) {
        Map<String, Object> json = new LinkedHashMap<>();
        for (Setting<?> s : table) {
            if (values[s.index] != null) {
                json.put(s.name, values[s.index]);
            }
        }
        return json;
    }

    /** What {@code read} makes, or a refusal of the whole with the first problem it found. */
    static <R> R strictly(Function<List<BadSettingsException>, R> read) {
        List<BadSettingsException> problems = new ArrayList<>();
        R made = read.apply(problems);
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
        return made;
    }

    public String name() {
        return name;
    }

    /** The Kafka client property it sets, empty for a setting of the lab's own (or one whose property varies). */
    Optional<String> kafkaProperty() {
        return Optional.ofNullable(kafkaProperty);
    }

    /** Whether the Kafka client runs with it, so a change of it needs a new client. */
    public boolean client() {
        return client;
    }

    /** Whether every phase must give it (the others have {@link #fallback}). */
    public boolean required() {
        return required;
    }

    /** Its value when none is given (null: none, or required). */
    public T fallback() {
        return fallback;
    }

    int index() {
        return index;
    }

    /** Reads the field of its name, strictly; null when absent or refused (then a problem names it). */
    T read(Map<String, ?> fields, List<BadSettingsException> problems) {
        return kind.read(fields, name, problems);
    }

    /** Checks a value made in code, as {@link #read} checks one read from a file. */
    T checked(Object value) {
        T typed = kind.type().cast(value);
        if (typed != null) {
            kind.check(name, typed);
        }
        return typed;
    }

    /** The value as a scenario file, JSON and labels show it. */
    public Object plain(Object value) {
        return value == null ? null : kind.plain(kind.type().cast(value));
    }

    /** The value as the Kafka client takes it. */
    Object kafkaValue(Object value) {
        return kind.kafka(kind.type().cast(value));
    }

    /** A value of a client configuration (spring.kafka.producer, or Kafka's default), read leniently. */
    T fromKafka(Object configured) {
        T value = kind.fromKafka(configured);
        kind.check(name, value);
        return value;
    }

    @Override
    public String toString() {
        return name;
    }
}
