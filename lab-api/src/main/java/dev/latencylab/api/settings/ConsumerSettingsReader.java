package dev.latencylab.api.settings;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads consumer settings from fields already parsed from JSON or YAML, as {@link SettingsReader}
 * reads the producer's: {@code /actuator/consumer} and a scenario's {@code consumer} block both
 * read through here. An unknown field or a quoted number is refused, naming the field.
 */
public final class ConsumerSettingsReader {

    /** The fields of {@link ConsumerSettings}, as a scenario's {@code consumer} block may name them: the table's and {@code consumerConfig}. */
    public static final Set<String> SETTINGS_FIELDS = Setting.names(ConsumerSetting.ALL, Set.of("consumerConfig"));
    /** The fields of {@link ConsumerChange}: the settings and {@code consuming}. */
    public static final Set<String> CHANGE_FIELDS =
            Setting.names(ConsumerSetting.ALL, Set.of("consumerConfig", "consuming"));

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
        return ConsumerChange.ofSettings(Setting.readAll(ConsumerSetting.ALL, fields, known, problems))
                .reading(FieldReads.bool(fields, "consuming", problems))
                .withConsumerConfig(
                        FieldReads.properties(fields, "consumerConfig", ExtraProperties.CONSUMER_OWNED, problems));
    }

    /** A change read from {@code fields}, refused whole with the first field at fault. */
    public static ConsumerChange change(Map<String, ?> fields, Set<String> known) {
        return Setting.strictly(problems -> change(fields, known, problems));
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
