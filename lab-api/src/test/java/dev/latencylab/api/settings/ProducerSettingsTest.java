package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The producer's settings as files, JSON and the Kafka client carry them: every setting read back
 * from what is shown, merged by a change, and needing a new producer exactly when the client runs
 * with it.
 */
class ProducerSettingsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final ProducerSettings BASE =
            new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);

    /** The settings the Kafka client runs with: a change of one needs a new producer. */
    private static final Set<String> CLIENT =
            Set.of("lingerMs", "batchSize", "compression", "compressionLevel", "acks", "transactionMs");

    /** A value for each setting that is not its default, as a scenario file spells it. */
    private static Map<String, Object> tuned() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("lingerMs", 7);
        v.put("batchSize", 32_768);
        v.put("compression", "zstd");
        v.put("compressionLevel", 3);
        v.put("rate", 1_500);
        v.put("payloadBytes", 512);
        v.put("keyStrategy", "customer-id");
        v.put("payload", "sample");
        v.put("payloadFile", "orders.jsonl");
        v.put("acks", "1");
        v.put("transactionMs", 100);
        v.put("abortEvery", 5);
        v.put("pacing", "bursts");
        v.put("producerConfig", Map.of("max.request.size", "2097152"));
        return v;
    }

    private static ProducerChange change(Map<String, ?> fields) {
        return ProducerChange.read(fields, ProducerChange.SETTINGS_FIELDS);
    }

    /** Every setting tuned but the transactions' (acks 1 refuses them). */
    private static ProducerSettings tunedSettings() {
        Map<String, Object> v = tuned();
        v.keySet().removeAll(Set.of("transactionMs", "abortEvery"));
        return ProducerSettings.fromJson(v);
    }

    /** Every setting tuned but acks, at all for the transactions. */
    private static ProducerSettings tunedTransactional() {
        Map<String, Object> v = tuned();
        v.remove("acks");
        return ProducerSettings.fromJson(v);
    }

    @Test
    void everySettingIsReadAndDiffersFromItsDefaultInOneOfTheTunedSettings() throws Exception {
        List<String> untouched = new ArrayList<>();
        for (RecordComponent c : ProducerSettings.class.getRecordComponents()) {
            Object base = c.getAccessor().invoke(BASE);
            if (Objects.equals(c.getAccessor().invoke(tunedSettings()), base)
                    && Objects.equals(c.getAccessor().invoke(tunedTransactional()), base)) {
                untouched.add(c.getName());
            }
        }
        assertThat(untouched).isEmpty();
        assertThat(tuned().keySet())
                .containsExactlyElementsOf(ProducerChange.SETTINGS_FIELDS.stream()
                        .sorted((a, b) -> Integer.compare(order(a), order(b)))
                        .toList());
    }

    private static int order(String field) {
        int at = ProducerSettings.NAMES.indexOf(field);
        return at >= 0 ? at : ProducerSettings.NAMES.size();
    }

    @Test
    void whatAScenarioFileShowsIsReadBackAsTheSameSettings() {
        ProducerSettings s = tunedSettings();

        Map<String, Object> plain = s.plain();

        assertThat(plain.keySet())
                .containsExactly(
                        "lingerMs",
                        "batchSize",
                        "compression",
                        "compressionLevel",
                        "rate",
                        "payloadBytes",
                        "keyStrategy",
                        "payload",
                        "payloadFile",
                        "acks",
                        "pacing",
                        "producerConfig");
        assertThat(plain)
                .containsEntry("rate", 1_500L)
                .containsEntry("acks", "1")
                .containsEntry("compression", "zstd");
        assertThat(ProducerSettings.fromJson(plain)).isEqualTo(s);
        ProducerSettings tx = tunedTransactional();
        assertThat(tx.plain()).containsEntry("transactionMs", 100).containsEntry("abortEvery", 5);
        assertThat(ProducerSettings.fromJson(tx.plain())).isEqualTo(tx);
        assertThat(JSON.readValue(JSON.writeValueAsString(tx), ProducerSettings.class))
                .isEqualTo(tx);
        assertThat(JSON.readValue(JSON.writeValueAsString(s), ProducerSettings.class))
                .isEqualTo(s);
        SettingsChange start = SettingsChange.start(s, 3, "lab.orders");
        assertThat(JSON.readValue(JSON.writeValueAsString(start), SettingsChange.class))
                .isEqualTo(start);
        assertThat(ProducerSettings.of(start.settings())).isEqualTo(s);
        assertThat(BASE.apply(start)).isEqualTo(s);
    }

    @Test
    void settingsAtTheirDefaultsAreLeftOutOfAScenarioFile() {
        assertThat(BASE.plain().keySet())
                .containsExactly("lingerMs", "batchSize", "compression", "rate", "payloadBytes");
        assertThat(BASE.tuned()).isEmpty();
        assertThat(tunedSettings().tuned()).doesNotContainKeys("lingerMs", "rate", "producerConfig");
        assertThat(BASE.shown().keySet()).containsExactlyElementsOf(ProducerSettings.NAMES);
    }

    @Test
    void aRequiredSettingLeftOutIsNamed() {
        Map<String, Object> noRate =
                Map.of("lingerMs", 5, "batchSize", 16_384, "compression", "none", "payloadBytes", 400);

        assertThatThrownBy(() -> ProducerSettings.fromJson(noRate))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("rate"))
                .hasMessage("rate is missing");
        assertThat(ProducerSettings.of(change(noRate).withRate(10.0)).acks()).isEqualTo(Acks.ALL);
    }

    @Test
    void onlyAChangeOfAClientSettingNeedsANewProducer() {
        Map<String, Object> tuned = tuned();
        for (String name : ProducerSettings.NAMES) {
            Map<String, Object> fields = new LinkedHashMap<>(Map.of(name, tuned.get(name)));
            // A level needs a codec that has one; a sample needs its file and a file its sample.
            if (name.equals("compressionLevel")) {
                fields.put("compression", "zstd");
            }
            if (name.equals("payload") || name.equals("payloadFile")) {
                fields.putAll(Map.of("payload", "sample", "payloadFile", "orders.jsonl"));
            }
            ProducerSettings before = BASE;
            if (name.equals("abortEvery")) {
                // Against the same transactions without aborts: the aborts alone need no new producer.
                before = BASE.apply(change(Map.of("transactionMs", 100)));
            }
            assertThat(before.apply(change(fields)).sameClient(before)).as(name).isEqualTo(!CLIENT.contains(name));
        }
        assertThat(BASE.apply(change(Map.of("producerConfig", Map.of("max.request.size", "2097152"))))
                        .sameClient(BASE))
                .isFalse();
    }

    @Test
    void everyKafkaPropertyOfASettingIsOneAScenarioCannotSetBehindItsBack() {
        ExtraProperties.PRODUCER_CLIENT.forEach(
                (name, property) -> assertThat(ExtraProperties.PRODUCER_OWNED).containsEntry(property, name));
        assertThat(ProducerSettings.NAMES).containsAll(ExtraProperties.PRODUCER_CLIENT.keySet());
        assertThat(ExtraProperties.PRODUCER_OWNED)
                .containsKeys(tunedSettings().kafkaProperties().keySet().toArray(String[]::new));
    }

    @Test
    void theClientPropertiesAreEveryClientSettingsAndWhatFollowsFromThemButNotTheOtherProperties() {
        assertThat(tunedSettings().kafkaProperties())
                .containsExactly(
                        Map.entry("linger.ms", "7"),
                        Map.entry("batch.size", "32768"),
                        Map.entry("compression.type", "zstd"),
                        Map.entry("acks", "1"),
                        Map.entry("compression.zstd.level", "3"),
                        Map.entry("enable.idempotence", "false"));
        ProducerSettings gzip = BASE.apply(change(Map.of("compression", "gzip")));
        assertThat(gzip.kafkaProperties())
                .containsEntry("compression.type", "gzip")
                .containsEntry("acks", "all")
                .containsEntry("enable.idempotence", "true")
                .doesNotContainKeys(
                        "compression.gzip.level",
                        "max.in.flight.requests.per.connection",
                        "send.buffer.bytes",
                        "buffer.memory");
        assertThat(gzip.apply(change(Map.of("compressionLevel", 9))).kafkaProperties())
                .containsEntry("compression.gzip.level", "9");
    }

    @Test
    void aChangeLeavesWhatItDoesNotNameAsItIs() {
        ProducerSettings s = tunedSettings();
        assertThat(s.apply(ProducerChange.NONE)).isEqualTo(s);
        assertThat(s.apply(SettingsChange.linger(0)).lingerMs()).isZero();
        assertThat(s.apply(SettingsChange.linger(0)).compressionLevel()).isEqualTo(3);
        assertThat(s.withRate(SettingsLimits.UNTHROTTLED).unthrottled()).isTrue();
        assertThat(s.withRate(SettingsLimits.UNTHROTTLED).shown()).containsEntry("rate", "unthrottled");
        assertThat(s.apply(change(Map.of("producerConfig", Map.of()))).producerConfig())
                .as("an empty set of other properties is a change to none")
                .isEmpty();
    }
}
