package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The settings of a table a change sets (each row it does not name stays as it is) and the whole
 * set of the client's other properties (null: as they are): the settings part of {@link
 * SettingsChange}.
 */
@JsonAutoDetect(
        getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE,
        fieldVisibility = JsonAutoDetect.Visibility.NONE)
public abstract class SettingsDelta {

    private final List<Setting<?>> table;
    private final Object[] settings;
    private final Map<String, String> properties;

    SettingsDelta(List<Setting<?>> table, Object[] settings, Map<String, String> properties) {
        this.table = table;
        this.settings = settings;
        this.properties = properties;
    }

    /** Whether it sets {@code setting}. */
    public boolean sets(Setting<?> setting) {
        return settings[setting.index()] != null;
    }

    /** The value it sets, null when it leaves the setting as it is. */
    public <T> T get(Setting<T> setting) {
        @SuppressWarnings("unchecked")
        T value = (T) settings[setting.index()];
        return value;
    }

    /** The other Kafka properties, the whole set (empty: none; null: as they are). */
    Map<String, String> properties() {
        return properties;
    }

    /** A copy of the values by row index, with {@code setting} set to {@code value}. */
    <T> Object[] settingsWith(Setting<T> setting, T value) {
        Object[] next = settings.clone();
        next[setting.index()] = value;
        return next;
    }

    Object[] settings() {
        return settings;
    }

    /** Whether it sets any setting or the other properties. */
    boolean setsAnyOfTheTable() {
        return Arrays.stream(settings).anyMatch(Objects::nonNull) || properties != null;
    }

    /** The settings it sets, in the table's order. */
    Map<String, Object> settingsJson() {
        return Setting.json(table, settings);
    }

    /** {@code values} (by row index, changed in place) with every setting it sets replaced. */
    Object[] over(Object[] values) {
        for (Setting<?> s : table) {
            if (sets(s)) {
                values[s.index()] = get(s);
            }
        }
        return values;
    }

    /** The other properties it sets, or {@code current} when it leaves them as they are. */
    Map<String, String> propertiesOver(Map<String, String> current) {
        return properties != null ? properties : current;
    }

    static void putSet(Map<String, Object> json, String name, Object value) {
        if (value != null) {
            json.put(name, value);
        }
    }

    /** Whether the table's part of both is the same. */
    boolean sameSettings(SettingsDelta other) {
        return Arrays.equals(settings, other.settings) && Objects.equals(properties, other.properties);
    }

    int settingsHash() {
        return 31 * Arrays.hashCode(settings) + Objects.hashCode(properties);
    }
}
