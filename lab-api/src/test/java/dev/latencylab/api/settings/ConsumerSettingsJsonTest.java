package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The consumer's settings and changes as the contract carries them: every field read back from what is shown. */
class ConsumerSettingsJsonTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A value for each field that is not the default (a valid combination: per-key workers, commits by count). */
    private static Map<String, Object> tuned() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("maxPollRecords", 100);
        v.put("listener", "record");
        v.put("commit", "count");
        v.put("commitCount", 250);
        v.put("commitSync", true);
        v.put("processing", "in-order");
        v.put("workers", 1);
        v.put("workMicros", 100);
        v.put("work", "cpu");
        v.put("consumerConfig", Map.of("fetch.max.bytes", "1048576", "fetch.max.wait.ms", "50"));
        return v;
    }

    @Test
    void everyFieldIsReadBackFromWhatIsShown() throws Exception {
        ConsumerSettings s = ConsumerSettings.fromJson(tuned());
        for (RecordComponent c : ConsumerSettings.class.getRecordComponents()) {
            boolean sameAsDefault =
                    Objects.equals(c.getAccessor().invoke(s), c.getAccessor().invoke(ConsumerSettings.DEFAULTS));
            // Only the defaults' in-order, single worker are kept: a record listener takes no other.
            assertThat(sameAsDefault)
                    .as(c.getName())
                    .isEqualTo(c.getName().equals("processing") || c.getName().equals("workers"));
        }

        assertThat(JSON.readValue(JSON.writeValueAsString(s), ConsumerSettings.class))
                .isEqualTo(s);
        ConsumerChange to = ConsumerChange.to(s, false);
        assertThat(JSON.readValue(JSON.writeValueAsString(to), ConsumerChange.class))
                .isEqualTo(to);
        assertThat(ConsumerSettings.DEFAULTS.apply(to)).isEqualTo(s);
    }

    @Test
    void theDefaultsShowNoFigureTheirModeDoesNotReadAndNoOtherProperties() {
        assertThat(ConsumerSettings.DEFAULTS.describe())
                .isEqualTo("batch 500, in-order, commit time 5000 ms async, no work");
        assertThat(JSON.writeValueAsString(ConsumerSettings.DEFAULTS))
                .isEqualTo("{\"maxPollRecords\":500,\"listener\":\"batch\",\"commit\":\"time\","
                        + "\"commitIntervalMs\":5000,\"commitSync\":false,\"processing\":\"in-order\",\"workers\":1,"
                        + "\"workMicros\":0,\"work\":\"wait\"}");
        assertThat(JSON.writeValueAsString(ConsumerChange.consuming(true))).isEqualTo("{\"consuming\":true}");
        assertThat(JSON.writeValueAsString(ConsumerChange.none().with(null, null, Map.of())))
                .as("an empty set of other properties is a change to none")
                .isEqualTo("{\"consumerConfig\":{}}");
    }

    @Test
    void onlyThePollsBatchOrAnotherPropertyNeedsANewConsumer() {
        Map<String, Object> tuned = tuned();
        assertThat(ConsumerSettings.DEFAULTS
                        .apply(ConsumerChange.fromJson(Map.of("maxPollRecords", 100)))
                        .fetchDiffers(ConsumerSettings.DEFAULTS))
                .isTrue();
        assertThat(ConsumerSettings.DEFAULTS
                        .apply(ConsumerChange.fromJson(Map.of("consumerConfig", Map.of("fetch.max.wait.ms", 50))))
                        .fetchDiffers(ConsumerSettings.DEFAULTS))
                .isTrue();
        ConsumerSettings s = ConsumerSettings.fromJson(tuned);
        assertThat(s.apply(ConsumerChange.fromJson(Map.of("workMicros", 5))).fetchDiffers(s))
                .isFalse();
        assertThat(s.apply(ConsumerChange.none().with(null, null, Map.of())).fetchDiffers(s))
                .isTrue();
    }

    @Test
    void theClientPropertiesAreThePollsBatchButNotTheOtherProperties() {
        assertThat(ConsumerSettings.DEFAULTS.kafkaProperties()).containsExactly(Map.entry("max.poll.records", "500"));
        ConsumerSettings tuned = ConsumerSettings.DEFAULTS.apply(
                ConsumerChange.fromJson(Map.of("maxPollRecords", 50, "consumerConfig", Map.of("check.crcs", "false"))));
        assertThat(tuned.kafkaProperties())
                .containsEntry("max.poll.records", "50")
                .doesNotContainKey("check.crcs");
        assertThat(ExtraProperties.CONSUMER_OWNED)
                .as("a fetch setting's own property is the lab's")
                .containsEntry("max.poll.records", "maxPollRecords")
                .containsKeys(
                        ConsumerSettings.DEFAULTS.kafkaProperties().keySet().toArray(String[]::new));
    }

    @Test
    void aStatusFromBeforeTheFetchSettingsWereKafkaPropertiesIsReadWithThemAsProperties() {
        ConsumerSettings old = ConsumerSettings.fromJson(Map.of(
                "fetchMinBytes", 1, "fetchMaxWaitMs", 50, "maxPollRecords", 500, "maxPartitionFetchBytes", 1_048_576));
        assertThat(old.consumerConfig()).containsExactly(Map.entry("fetch.max.wait.ms", "50"));
        assertThat(old.maxPollRecords()).isEqualTo(500);
    }
}
