package dev.latencylab.api.settings;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads settings from fields already parsed from JSON or YAML (a map of names to numbers,
 * strings, booleans), checking each against {@link SettingsLimits}. The producer's endpoint and
 * the scenario loader both read through here, so a value one accepts the other accepts too.
 * Strict on purpose: an unknown field or a quoted number is refused, not silently ignored in the
 * middle of an experiment.
 */
public final class SettingsReader {

    /** The fields of {@link ProducerSettings}, as a scenario's {@code settings} may name them: the table's and {@code producerConfig}. */
    public static final Set<String> SETTINGS_FIELDS = Setting.names(ProducerSetting.ALL, Set.of("producerConfig"));
    /** Settings a scenario may leave out: those with a fallback, and {@code producerConfig}. */
    public static final Set<String> OPTIONAL_SETTINGS = Setting.names(
            ProducerSetting.ALL.stream().filter(s -> !s.required()).toList(), Set.of("producerConfig"));
    /** The fields of {@link SettingsChange}: the settings, {@code running}, {@code phase}, {@code phaseName}, {@code topic} and {@code header}. */
    public static final Set<String> CHANGE_FIELDS = Setting.names(
            ProducerSetting.ALL, Set.of("producerConfig", "running", "phase", "phaseName", "topic", "header"));

    private SettingsReader() {}

    /** A change read from the endpoint's body; refused whole, with the first field at fault. */
    public static SettingsChange change(Map<String, ?> fields) {
        return change(fields, CHANGE_FIELDS);
    }

    /**
     * A change read from {@code fields}, accepting only the {@code known} names; every problem is
     * added to {@code problems} (each naming its field), and the field at fault is left null.
     */
    public static SettingsChange change(Map<String, ?> fields, Set<String> known, List<BadSettingsException> problems) {
        return SettingsChange.ofSettings(Setting.readAll(ProducerSetting.ALL, fields, known, problems))
                .running(FieldReads.bool(fields, "running", problems))
                .inPhase(FieldReads.integer(fields, "phase", SettingsLimits.PHASE, problems))
                .named(FieldReads.text(
                        fields,
                        "phaseName",
                        SettingsLimits::phaseNameAccepted,
                        SettingsLimits.PHASE_NAME_RULE,
                        problems))
                .toTopic(FieldReads.text(
                        fields,
                        "topic",
                        SettingsLimits::topicAccepted,
                        SettingsLimits.describeTopic("topic"),
                        problems))
                .withHeader(FieldReads.bool(fields, "header", problems))
                .withProducerConfig(
                        FieldReads.properties(fields, "producerConfig", ExtraProperties.PRODUCER_OWNED, problems));
    }

    /**
     * A change read from {@code fields} as in {@link #change(Map, Set, List)}, refused whole with the
     * first field at fault.
     */
    public static SettingsChange change(Map<String, ?> fields, Set<String> known) {
        return Setting.strictly(problems -> change(fields, known, problems));
    }
}
