package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The consumer's table, like the producer's: every row is read, shown and written with no code of its own. */
class ConsumerSettingTableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A value for each row that is not its fallback (a valid combination: per-key workers, commits by count). */
    private static Map<Setting<?>, Object> tuned() {
        Map<Setting<?>, Object> v = new LinkedHashMap<>();
        v.put(ConsumerSetting.FETCH_MIN_BYTES, 1_024);
        v.put(ConsumerSetting.FETCH_MAX_WAIT_MS, 50);
        v.put(ConsumerSetting.MAX_POLL_RECORDS, 100);
        v.put(ConsumerSetting.MAX_PARTITION_FETCH_BYTES, 65_536);
        v.put(ConsumerSetting.LISTENER, ListenerType.BATCH);
        v.put(ConsumerSetting.COMMIT, CommitMode.COUNT);
        v.put(ConsumerSetting.COMMIT_COUNT, 250);
        v.put(ConsumerSetting.COMMIT_INTERVAL_MS, null);
        v.put(ConsumerSetting.COMMIT_SYNC, true);
        v.put(ConsumerSetting.PROCESSING, ProcessingOrder.PER_KEY);
        v.put(ConsumerSetting.WORKERS, 4);
        v.put(ConsumerSetting.WORK_MICROS, 100);
        v.put(ConsumerSetting.WORK, WorkKind.CPU);
        return v;
    }

    @SuppressWarnings("unchecked")
    private static <T> ConsumerChange and(ConsumerChange change, Setting<T> s, Object value) {
        return value == null ? change : change.and(s, (T) value);
    }

    private static ConsumerSettings tunedSettings() {
        ConsumerChange change = ConsumerChange.none().withConsumerConfig(Map.of("fetch.max.bytes", "1048576"));
        for (Map.Entry<Setting<?>, Object> e : tuned().entrySet()) {
            change = and(change, e.getKey(), e.getValue());
        }
        return ConsumerSettings.of(change);
    }

    @Test
    void everyRowIsReadBackFromWhatIsShown() {
        assertThat(tuned().keySet()).containsExactlyElementsOf(ConsumerSetting.ALL);
        ConsumerSettings s = tunedSettings();

        assertThat(JSON.readValue(JSON.writeValueAsString(s), ConsumerSettings.class))
                .isEqualTo(s);
        assertThat(ConsumerSettings.of(
                        ConsumerSettingsReader.change(s.plain(), ConsumerSettingsReader.SETTINGS_FIELDS)))
                .isEqualTo(s);
        ConsumerChange to = ConsumerChange.to(s).reading(false);
        assertThat(JSON.readValue(JSON.writeValueAsString(to), ConsumerChange.class))
                .isEqualTo(to);
        assertThat(ConsumerSettings.DEFAULTS.apply(to)).isEqualTo(s);
    }

    @Test
    void theDefaultsAreTheRowsFallbacks() {
        assertThat(ConsumerSettings.DEFAULTS.describe())
                .isEqualTo("batch 500, in-order, commit time 5000 ms async, no work");
        assertThat(ConsumerSettings.DEFAULTS.plain()).isEqualTo(Map.of("commitIntervalMs", 5_000));
    }

    @Test
    void onlyAFetchSettingOrAnotherPropertyNeedsANewConsumer() {
        ConsumerSettings s = tunedSettings();
        for (Setting<?> row : ConsumerSetting.ALL) {
            if (row.client()) {
                assertThat(ConsumerSettings.DEFAULTS
                                .apply(and(ConsumerChange.none(), row, tuned().get(row)))
                                .fetchDiffers(ConsumerSettings.DEFAULTS))
                        .as(row.name())
                        .isTrue();
            }
        }
        assertThat(s.apply(ConsumerChange.none().and(ConsumerSetting.WORK_MICROS, 5))
                        .fetchDiffers(s))
                .isFalse();
        assertThat(s.apply(ConsumerChange.none().withConsumerConfig(Map.of())).fetchDiffers(s))
                .isTrue();
    }

    @Test
    void theClientPropertiesAreTheFetchRowsButNotTheOtherProperties() {
        assertThat(ConsumerSettings.DEFAULTS.kafkaProperties())
                .containsExactly(
                        Map.entry("fetch.min.bytes", "1"),
                        Map.entry("fetch.max.wait.ms", "500"),
                        Map.entry("max.poll.records", "500"),
                        Map.entry("max.partition.fetch.bytes", "1048576"));
        ConsumerSettings tuned = ConsumerSettings.DEFAULTS.apply(ConsumerChange.none()
                .and(ConsumerSetting.MAX_POLL_RECORDS, 50)
                .withConsumerConfig(Map.of("check.crcs", "false")));
        assertThat(tuned.kafkaProperties())
                .containsEntry("max.poll.records", "50")
                .doesNotContainKey("check.crcs");
    }
}
