package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Map;
import java.util.Objects;

/**
 * The body of POST /actuator/consumer: the consumer settings to change (each {@link
 * ConsumerSetting} it does not name stays as it is), and whether the consumer reads ({@code
 * consuming}: false pauses it, records wait on the brokers). Read by {@link ConsumerSettingsReader};
 * written by the runner as a flat JSON object, unset fields left out.
 */
public final class ConsumerChange extends SettingsDelta {

    private static final ConsumerChange NONE = new ConsumerChange(new Object[ConsumerSetting.ALL.size()], null, null);

    private final Boolean consuming;

    private ConsumerChange(Object[] settings, Map<String, String> consumerConfig, Boolean consuming) {
        super(ConsumerSetting.ALL, settings, consumerConfig);
        this.consuming = consuming;
    }

    /** A change of nothing, to build on. */
    public static ConsumerChange none() {
        return NONE;
    }

    /** A change of the settings given by row index (null: as it is), and nothing else. */
    static ConsumerChange ofSettings(Object[] settings) {
        return new ConsumerChange(settings, null, null);
    }

    /** Every setting as given (what a phase asks for); reading left as it is. */
    public static ConsumerChange to(ConsumerSettings s) {
        return new ConsumerChange(s.values(), s.consumerConfig(), null);
    }

    /** Only whether the consumer reads. */
    public static ConsumerChange consuming(boolean consuming) {
        return NONE.reading(consuming);
    }

    /** Read from JSON by the endpoint's own strict reader. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ConsumerChange fromJson(Map<String, Object> fields) {
        return ConsumerSettingsReader.change(fields);
    }

    /** The same change, setting {@code setting} too. */
    public <T> ConsumerChange and(Setting<T> setting, T value) {
        return new ConsumerChange(settingsWith(setting, value), consumerConfig(), consuming);
    }

    /** The same change, with whether the consumer reads (null: as it is). */
    public ConsumerChange reading(Boolean on) {
        return new ConsumerChange(settings(), consumerConfig(), on);
    }

    /** The same change with other Kafka properties, the whole set (empty: none; null: as they are). */
    public ConsumerChange withConsumerConfig(Map<String, String> properties) {
        return new ConsumerChange(settings(), properties, consuming);
    }

    public Map<String, String> consumerConfig() {
        return properties();
    }

    public Boolean consuming() {
        return consuming;
    }

    /** Whether this change sets any consumer setting (not just {@code consuming}). */
    public boolean setsAnySetting() {
        return setsAnyOfTheTable();
    }

    /** The settings it sets in the table's order, then consuming and consumerConfig. */
    @JsonAnyGetter
    public Map<String, Object> json() {
        Map<String, Object> json = settingsJson();
        putSet(json, "consuming", consuming);
        putSet(json, "consumerConfig", consumerConfig());
        return json;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConsumerChange c && sameSettings(c) && Objects.equals(consuming, c.consuming);
    }

    @Override
    public int hashCode() {
        return Objects.hash(settingsHash(), consuming);
    }

    @Override
    public String toString() {
        return "ConsumerChange" + json();
    }
}
