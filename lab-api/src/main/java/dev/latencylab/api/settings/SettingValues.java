package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A value for every row of a settings table ({@link ProducerSetting#ALL}) and the Kafka client's
 * other properties: the state of {@link ProducerSettings}. Each value is checked when made, a missing one takes its row's
 * fallback. The JSON is a flat object, one field per setting in the table's order (null values left
 * out), then the other properties when any.
 */
@JsonAutoDetect(
        getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE,
        fieldVisibility = JsonAutoDetect.Visibility.NONE)
public abstract class SettingValues {

    private final List<Setting<?>> table;
    private final Object[] values;
    private final String propertiesName;
    private final Map<String, String> properties;

    SettingValues(
            List<Setting<?>> table,
            Object[] given,
            String propertiesName,
            Map<String, String> properties,
            Map<String, String> owned) {
        this.table = table;
        this.propertiesName = propertiesName;
        this.properties = ExtraProperties.checked(propertiesName, properties, owned);
        this.values = new Object[table.size()];
        for (Setting<?> s : table) {
            Object value = given[s.index()] != null ? given[s.index()] : s.fallback();
            if (value == null && s.required()) {
                throw new BadSettingsException(s.name(), s.name() + " is missing");
            }
            values[s.index()] = s.checked(value);
        }
    }

    public <T> T get(Setting<T> setting) {
        @SuppressWarnings("unchecked")
        T value = (T) values[setting.index()];
        return value;
    }

    /** A copy of the values, by row index, to make others from. */
    Object[] values() {
        return values.clone();
    }

    /** The Kafka client's properties beyond the table's, by their Kafka names; empty when none. */
    Map<String, String> properties() {
        return properties;
    }

    /** One field per setting with a value, in the table's order, then the other properties when any. */
    @JsonAnyGetter
    public Map<String, Object> json() {
        Map<String, Object> json = Setting.json(table, values);
        if (!properties.isEmpty()) {
            json.put(propertiesName, properties);
        }
        return json;
    }

    /**
     * The Kafka client properties the settings themselves give, by Kafka's names, as text (a
     * properties file's or a tool's {@code --command-property}): each client row's in the table's
     * order, then those that follow from others ({@link #derivedKafkaProperties}); the other
     * properties ({@link #properties}) go beside them. The one place settings become client
     * properties: the apps configure their clients from it, and compare gives Kafka's tools the same.
     */
    public Map<String, String> kafkaProperties() {
        Map<String, String> kafka = new LinkedHashMap<>();
        for (Setting<?> s : table) {
            s.kafkaProperty().ifPresent(p -> kafka.put(p, String.valueOf(s.kafkaValue(values[s.index()]))));
        }
        derivedKafkaProperties(kafka);
        return kafka;
    }

    /** Adds the client properties whose name or value follows from other settings; none by default. */
    void derivedKafkaProperties(Map<String, String> kafka) {}

    /**
     * As a scenario file spells it: the settings every phase must give, the others where they differ
     * from their fallbacks, and the other properties when any.
     */
    public Map<String, Object> plain() {
        Map<String, Object> plain = new LinkedHashMap<>();
        for (Setting<?> s : table) {
            Object value = values[s.index()];
            if (value != null && (s.required() || !value.equals(s.fallback()))) {
                plain.put(s.name(), s.plain(value));
            }
        }
        if (!properties.isEmpty()) {
            plain.put(propertiesName, properties);
        }
        return plain;
    }

    /**
     * Every setting by name, in the table's order, as scenario files, reports and labels show it
     * (null where it has no value): what a reader of settings it does not know one by one goes through.
     */
    public Map<String, Object> shown() {
        Map<String, Object> shown = new LinkedHashMap<>();
        for (Setting<?> s : table) {
            shown.put(s.name(), s.plain(values[s.index()]));
        }
        return shown;
    }

    /** Whether the Kafka client runs with the same configuration under both: no new client is needed. */
    public boolean sameClient(SettingValues other) {
        for (Setting<?> s : table) {
            if (s.client() && !Objects.equals(values[s.index()], other.values[s.index()])) {
                return false;
            }
        }
        return properties.equals(other.properties);
    }

    /** Whether a client setting that has a default differs from it, or other properties are set. */
    public boolean tunesClient() {
        for (Setting<?> s : table) {
            if (s.client() && s.fallback() != null && !s.fallback().equals(values[s.index()])) {
                return true;
            }
        }
        return !properties.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o != null
                && o.getClass() == getClass()
                && Arrays.equals(values, ((SettingValues) o).values)
                && properties.equals(((SettingValues) o).properties);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + properties.hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + json();
    }
}
