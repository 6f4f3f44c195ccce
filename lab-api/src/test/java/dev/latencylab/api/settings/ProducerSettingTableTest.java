package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The table is the one definition of a producer setting: every row is read, shown, written and
 * refused by name with no code of its own, so a row added here works everywhere.
 */
class ProducerSettingTableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A value for each row that is none of its fallbacks, so a row the readers or writers skip shows. */
    private static final Map<Setting<?>, Object> TUNED = tuned();

    private static Map<Setting<?>, Object> tuned() {
        Map<Setting<?>, Object> v = new LinkedHashMap<>();
        v.put(ProducerSetting.LINGER_MS, 7);
        v.put(ProducerSetting.BATCH_SIZE, 32_768);
        v.put(ProducerSetting.COMPRESSION, Compression.ZSTD);
        v.put(ProducerSetting.COMPRESSION_LEVEL, 3);
        v.put(ProducerSetting.RATE, 1_500.0);
        v.put(ProducerSetting.PAYLOAD_BYTES, 512);
        v.put(ProducerSetting.KEY_STRATEGY, KeyStrategy.CUSTOMER_ID);
        v.put(ProducerSetting.PAYLOAD, PayloadKind.SAMPLE);
        v.put(ProducerSetting.PAYLOAD_FILE, "orders.jsonl");
        v.put(ProducerSetting.ACKS, Acks.LEADER);
        v.put(ProducerSetting.MAX_IN_FLIGHT, 1);
        v.put(ProducerSetting.SEND_BUFFER_BYTES, -1);
        v.put(ProducerSetting.BUFFER_MEMORY, 64 * 1024 * 1024);
        v.put(ProducerSetting.TRANSACTION_MS, 100);
        v.put(ProducerSetting.ABORT_EVERY, 5);
        v.put(ProducerSetting.PACING, Pacing.BURSTS);
        return v;
    }

    /** Rows whose tuned values cannot go with acks 1: a transactional producer needs acks all. */
    private static final List<Setting<?>> TRANSACTIONS =
            List.of(ProducerSetting.TRANSACTION_MS, ProducerSetting.ABORT_EVERY);

    /** Every row tuned but the transactions' (acks 1 refuses them). */
    private static ProducerSettings tunedSettings() {
        SettingsChange change = SettingsChange.none();
        for (Map.Entry<Setting<?>, Object> e : TUNED.entrySet()) {
            if (!TRANSACTIONS.contains(e.getKey())) {
                change = and(change, e.getKey(), e.getValue());
            }
        }
        return ProducerSettings.of(change.withProducerConfig(Map.of("max.request.size", "2097152")));
    }

    /** Every row tuned but acks, at all for the transactions. */
    private static ProducerSettings tunedTransactional() {
        SettingsChange change = SettingsChange.none();
        for (Map.Entry<Setting<?>, Object> e : TUNED.entrySet()) {
            if (e.getKey() != ProducerSetting.ACKS) {
                change = and(change, e.getKey(), e.getValue());
            }
        }
        return ProducerSettings.of(change);
    }

    @SuppressWarnings("unchecked")
    private static <T> SettingsChange and(SettingsChange change, Setting<T> s, Object value) {
        return change.and(s, (T) value);
    }

    @Test
    void everyRowHasATunedValueHere() {
        assertThat(TUNED.keySet()).containsExactlyElementsOf(ProducerSetting.ALL);
        TUNED.forEach((s, v) -> assertThat(v).as(s.name()).isNotEqualTo(s.fallback()));
    }

    @Test
    void whatAScenarioFileShowsIsReadBackAsTheSameSettings() {
        ProducerSettings s = tunedSettings();

        Map<String, Object> plain = s.plain();

        assertThat(plain.keySet())
                .containsExactlyElementsOf(List.of(
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
                        "maxInFlight",
                        "sendBufferBytes",
                        "bufferMemory",
                        "pacing",
                        "producerConfig"));
        assertThat(plain)
                .containsEntry("rate", 1_500L)
                .containsEntry("acks", "1")
                .containsEntry("compression", "zstd");
        assertThat(ProducerSettings.of(SettingsReader.change(plain, SettingsReader.SETTINGS_FIELDS)))
                .isEqualTo(s);
        ProducerSettings tx = tunedTransactional();
        assertThat(tx.plain()).containsEntry("transactionMs", 100).containsEntry("abortEvery", 5);
        assertThat(ProducerSettings.of(SettingsReader.change(tx.plain(), SettingsReader.SETTINGS_FIELDS)))
                .isEqualTo(tx);
        assertThat(JSON.readValue(JSON.writeValueAsString(tx), ProducerSettings.class))
                .isEqualTo(tx);
        assertThat(JSON.readValue(JSON.writeValueAsString(s), ProducerSettings.class))
                .isEqualTo(s);
        SettingsChange start = SettingsChange.start(s, 3, "lab.orders");
        assertThat(JSON.readValue(JSON.writeValueAsString(start), SettingsChange.class))
                .isEqualTo(start);
    }

    @Test
    void settingsAtTheirFallbacksAreLeftOutOfAScenarioFile() {
        ProducerSettings plain = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);

        assertThat(plain.plain().keySet())
                .containsExactly("lingerMs", "batchSize", "compression", "rate", "payloadBytes");
        assertThat(plain.tunesClient()).isFalse();
        assertThat(tunedSettings().tunesClient()).isTrue();
    }

    @Test
    void aRequiredSettingLeftOutIsNamed() {
        SettingsChange noRate = SettingsChange.of(ProducerSetting.LINGER_MS, 5)
                .and(ProducerSetting.BATCH_SIZE, 16_384)
                .and(ProducerSetting.COMPRESSION, Compression.NONE)
                .and(ProducerSetting.PAYLOAD_BYTES, 400);

        assertThatThrownBy(() -> ProducerSettings.of(noRate))
                .isInstanceOfSatisfying(
                        BadSettingsException.class, e -> assertThat(e.field()).isEqualTo("rate"))
                .hasMessage("rate is missing");
        assertThat(ProducerSettings.of(noRate.and(ProducerSetting.RATE, 10.0)).acks())
                .isEqualTo(Acks.ALL);
    }

    @Test
    void onlyAChangeOfAClientSettingNeedsANewProducer() {
        ProducerSettings base = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);
        for (Setting<?> row : ProducerSetting.ALL) {
            SettingsChange change = and(SettingsChange.none(), row, TUNED.get(row));
            // A level needs a codec that has one; a sample needs its file and a file its sample.
            if (row == ProducerSetting.COMPRESSION_LEVEL) {
                change = change.and(ProducerSetting.COMPRESSION, Compression.ZSTD);
            }
            if (row == ProducerSetting.ABORT_EVERY) {
                change = change.and(ProducerSetting.TRANSACTION_MS, 100);
                // Against the same transactions without aborts: the aborts alone need no new producer.
                ProducerSettings tx = base.apply(SettingsChange.of(ProducerSetting.TRANSACTION_MS, 100));
                assertThat(tx.apply(change).sameClient(tx)).as(row.name()).isEqualTo(!row.client());
                continue;
            }
            if (row == ProducerSetting.PAYLOAD || row == ProducerSetting.PAYLOAD_FILE) {
                change = change.and(ProducerSetting.PAYLOAD, PayloadKind.SAMPLE)
                        .and(ProducerSetting.PAYLOAD_FILE, "orders.jsonl");
            }
            assertThat(base.apply(change).sameClient(base)).as(row.name()).isEqualTo(!row.client());
        }
        assertThat(base.withProducerConfig(Map.of("max.request.size", "2097152"))
                        .sameClient(base))
                .isFalse();
    }

    @Test
    void everyKafkaPropertyOfTheTableIsOneAScenarioCannotSetBehindItsBack() {
        for (Setting<?> row : ProducerSetting.ALL) {
            row.kafkaProperty().ifPresent(property -> assertThat(ExtraProperties.PRODUCER_OWNED)
                    .containsEntry(property, row.name()));
        }
    }

    @Test
    void theClientPropertiesAreEveryClientRowsAndWhatFollowsFromThemButNotTheOtherProperties() {
        assertThat(tunedSettings().kafkaProperties())
                .containsExactly(
                        Map.entry("linger.ms", "7"),
                        Map.entry("batch.size", "32768"),
                        Map.entry("compression.type", "zstd"),
                        Map.entry("acks", "1"),
                        Map.entry("max.in.flight.requests.per.connection", "1"),
                        Map.entry("send.buffer.bytes", "-1"),
                        Map.entry("buffer.memory", "67108864"),
                        Map.entry("compression.zstd.level", "3"),
                        Map.entry("enable.idempotence", "false"));
        ProducerSettings plain = new ProducerSettings(5, 16_384, Compression.GZIP, 1_000, 400, KeyStrategy.ORDER_ID);
        assertThat(plain.kafkaProperties())
                .containsEntry("compression.type", "gzip")
                .containsEntry("acks", "all")
                .containsEntry("enable.idempotence", "true")
                .containsEntry("max.in.flight.requests.per.connection", "5")
                .containsEntry("send.buffer.bytes", "131072")
                .containsEntry("buffer.memory", "33554432")
                .doesNotContainKey("compression.gzip.level");
        assertThat(plain.with(ProducerSetting.COMPRESSION_LEVEL, 9).kafkaProperties())
                .containsEntry("compression.gzip.level", "9");
    }

    @Test
    void theSettingsAClientConfigurationGivesAreReadLenientlyWithTheClientsDefaultsForTheRest() {
        SettingsChange load = SettingsChange.of(ProducerSetting.RATE, 1_000.0)
                .and(ProducerSetting.PAYLOAD_BYTES, 400)
                .and(ProducerSetting.KEY_STRATEGY, KeyStrategy.ORDER_ID);
        Map<String, Object> defaults = Map.of(
                "linger.ms", 5,
                "batch.size", 16_384,
                "compression.type", "none",
                "acks", "all",
                "max.in.flight.requests.per.connection", 5,
                "send.buffer.bytes", 131_072,
                "buffer.memory", 33_554_432L);
        Map<String, Object> configured = Map.of("linger.ms", " 20 ", "acks", "1", "batch.size", 65_536);

        ProducerSettings s = ProducerSettings.ofClientConfig(load, configured, defaults);

        assertThat(s.lingerMs()).isEqualTo(20);
        assertThat(s.batchSize()).isEqualTo(65_536);
        assertThat(s.acks()).isEqualTo(Acks.LEADER);
        assertThat(s.bufferMemory()).isEqualTo(33_554_432);
        assertThat(s.rate()).isEqualTo(1_000.0);
        assertThat(ProducerSettings.ofClientConfig(load, s.kafkaProperties(), defaults))
                .isEqualTo(s);
    }
}
