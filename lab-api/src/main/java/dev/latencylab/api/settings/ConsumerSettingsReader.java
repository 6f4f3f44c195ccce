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

    /** The fields of {@link ConsumerSettings}, as a scenario's {@code consumer} block may name them: the table's and {@code consumerConfig}. */
    public static final Set<String> SETTINGS_FIELDS = names(Set.of("consumerConfig"));
    /** The fields of {@link ConsumerChange}: the settings and {@code consuming}. */
    public static final Set<String> CHANGE_FIELDS = names(Set.of("consumerConfig", "consuming"));

    private static Set<String> names(Set<String> more) {
        Set<String> all = new TreeSet<>(more);
        ConsumerSetting.ALL.forEach(s -> all.add(s.name()));
        return Set.copyOf(all);
    }

    private ConsumerSettingsReader() {}

    /** A change read from the endpoint's body; refused whole, with the first field at fault. */
    public static ConsumerChange change(Map<String, ?> fields) {
        return change(fields, CHANGE_FIELDS);
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
        ConsumerChange change = ConsumerChange.none();
        for (Setting<?> setting : ConsumerSetting.ALL) {
            change = read(setting, fields, change, problems);
        }
        return change.reading(FieldReads.bool(fields, "consuming", problems))
                .withConsumerConfig(
                        FieldReads.properties(fields, "consumerConfig", ExtraProperties.CONSUMER_OWNED, problems));
    }

    /** A change read from {@code fields}, refused whole with the first field at fault. */
    public static ConsumerChange change(Map<String, ?> fields, Set<String> known) {
        List<BadSettingsException> problems = new ArrayList<>();
        ConsumerChange change = change(fields, known, problems);
        if (!problems.isEmpty()) {
            throw problems.get(0);
        }
        return change;
    }

    private static <T> ConsumerChange read(
            Setting<T> setting, Map<String, ?> fields, ConsumerChange change, List<BadSettingsException> problems) {
        T value = setting.read(fields, problems);
        return value == null ? change : change.and(setting, value);
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
