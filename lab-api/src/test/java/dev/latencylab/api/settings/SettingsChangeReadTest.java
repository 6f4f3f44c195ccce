package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsChangeReadTest {

    @Test
    void readsEveryFieldByItsContractName() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("lingerMs", 20);
        fields.put("batchSize", 65_536);
        fields.put("compression", "ZSTD");
        fields.put("rate", 2_500);
        fields.put("payloadBytes", 1_024);
        fields.put("keyStrategy", "customer-id");
        fields.put("running", false);
        fields.put("phase", 12);
        fields.put("stopAfterRecords", 10_000);

        SettingsChange change = SettingsChange.read(fields);

        assertThat(change)
                .isEqualTo(SettingsChange.of(new ProducerChange(
                                20,
                                65_536,
                                Compression.ZSTD,
                                null,
                                2_500.0,
                                1_024,
                                KeyStrategy.CUSTOMER_ID,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null))
                        .running(false)
                        .inPhase(12)
                        .stoppingAfter(10_000));
    }

    @Test
    void theFirstFieldAtFaultIsNamedWithWhatItAccepts() {
        assertThatThrownBy(() -> SettingsChange.read(Map.of("payloadBytes", 300)))
                .isInstanceOf(BadSettingsException.class)
                .hasMessage("payloadBytes must be an integer from 360 to 100000; got 300")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("payloadBytes");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("lingerMs", "5")))
                .hasMessage("lingerMs must be an integer from 0 to 10000; got \"5\"");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("lingerMs", 2.5)))
                .hasMessage("lingerMs must be an integer from 0 to 10000; got 2.5");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("batchSize", BigInteger.TWO.pow(70))))
                .hasMessageStartingWith("batchSize must be an integer from 0 to 16777216");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("rate", 0.05)))
                .hasMessage(
                        "rate must be a number of records/s from 0.1 to 200000, or \"unthrottled\" (or -1); got 0.05");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("compression", "brotli")))
                .hasMessage("compression must be one of none, gzip, snappy, lz4, zstd; got \"brotli\"");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("keyStrategy", 1)))
                .hasMessage("keyStrategy must be one of order-id, customer-id, none; got 1");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("running", "yes")))
                .hasMessage("running must be true or false; got \"yes\"");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("linger", 5)))
                .hasMessage(
                        "unknown field 'linger'; accepted: abortEvery, acks, batchSize, compression, compressionLevel,"
                                + " header, keyStrategy, lingerMs, pacing, payload, payloadBytes, payloadFile, phase, phaseName,"
                                + " producerConfig,"
                                + " rate, running, stopAfterRecords, topic, transactionMs");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("maxInFlight", 1)))
                .hasMessage("maxInFlight is a Kafka property now: give it in producerConfig as"
                        + " max.in.flight.requests.per.connection");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("payload", "lorem")))
                .hasMessage("payload must be one of words, random-hex, hex-record, fixed, sample; got \"lorem\"");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("topic", "lab orders")))
                .hasMessageStartingWith("topic must be a Kafka topic name");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("compressionLevel", 23)))
                .hasMessage("compressionLevel must be an integer from -131072 to 22; got 23");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("phase", -1)))
                .hasMessage("phase must be an integer from 0 to 2147483647; got -1");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("stopAfterRecords", 0)))
                .hasMessage("stopAfterRecords must be an integer from 1 to 2147483647; got 0");
    }

    @Test
    void readsTheExperimentsFieldsAndUnthrottled() {
        SettingsChange change = SettingsChange.read(Map.of(
                "compression", "zstd",
                "compressionLevel", -5,
                "rate", "unthrottled",
                "payload", "random-hex",
                "topic", "lab.orders.p10"));

        assertThat(change.settings().rate()).isEqualTo(SettingsLimits.UNTHROTTLED);
        assertThat(change.settings().payload()).isEqualTo(PayloadKind.RANDOM_HEX);
        assertThat(change.topic()).isEqualTo("lab.orders.p10");
        assertThat(SettingsChange.read(Map.of("rate", -1)).settings().rate()).isEqualTo(SettingsLimits.UNTHROTTLED);
        ProducerSettings applied =
                new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID).apply(change);
        assertThat(applied.unthrottled()).isTrue();
        assertThat(applied.compressionLevel()).isEqualTo(-5);
    }

    @Test
    void transactionsNeedAcksAllAndAbortsNeedTransactions() {
        ProducerSettings base = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);
        ProducerSettings tx = base.apply(SettingsChange.read(Map.of("transactionMs", 100, "abortEvery", 10)));
        assertThat(tx.transactional()).isTrue();
        assertThat(tx.abortEvery()).isEqualTo(10);
        // A transactional producer is another client: the settings change needs a new one.
        assertThat(tx.sameClient(base)).isFalse();

        assertThatThrownBy(() -> tx.apply(SettingsChange.read(Map.of("acks", "1"))))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("needs acks all");
        assertThatThrownBy(() -> base.apply(SettingsChange.read(Map.of("abortEvery", 3))))
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("abortEvery");
        assertThatThrownBy(() -> SettingsChange.read(Map.of("transactionMs", 30_001)))
                .hasMessage("transactionMs must be an integer from 0 to 30000; got 30001");
    }

    @Test
    void aLevelBelongsToItsCodecAndASampleToItsFile() {
        ProducerSettings gzip9 = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID)
                .apply(SettingsChange.read(Map.of("compression", "gzip", "compressionLevel", 9)));
        assertThat(gzip9.compressionLevel()).isEqualTo(9);

        // Another codec without a level goes back to its default level.
        assertThat(gzip9.apply(SettingsChange.read(Map.of("compression", "zstd")))
                        .compressionLevel())
                .isNull();
        assertThatThrownBy(
                        () -> gzip9.apply(SettingsChange.read(Map.of("compression", "snappy", "compressionLevel", 3))))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("snappy has no level");
        assertThatThrownBy(() -> gzip9.apply(SettingsChange.read(Map.of("compressionLevel", 10))))
                .hasMessage("compressionLevel must be an integer from 1 to 9; got 10");

        assertThatThrownBy(() -> gzip9.apply(SettingsChange.read(Map.of("payload", "sample"))))
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("payloadFile");
        ProducerSettings sample =
                gzip9.apply(SettingsChange.read(Map.of("payload", "sample", "payloadFile", "/tmp/orders.jsonl")));
        assertThat(sample.payloadFile()).isEqualTo("/tmp/orders.jsonl");
        // Back to words: the file goes with the kind that read it.
        assertThat(sample.apply(SettingsChange.read(Map.of("payload", "words"))).payloadFile())
                .isNull();
        assertThatThrownBy(() -> gzip9.apply(SettingsChange.read(Map.of("payloadFile", "/tmp/x"))))
                .hasMessageContaining("only read with payload sample");
    }

    @Test
    void collectsEveryProblemWhenAskedTo() {
        List<BadSettingsException> problems = new ArrayList<>();

        ProducerChange change = ProducerChange.read(
                Map.of("lingerMs", -1, "rate", 500, "running", true, "x", 1), ProducerChange.SETTINGS_FIELDS, problems);

        assertThat(problems)
                .extracting(BadSettingsException::field)
                .containsExactlyInAnyOrder("x", "running", "lingerMs");
        assertThat(change.lingerMs()).isNull();
        assertThat(change.rate()).isEqualTo(500.0);
    }

    @Test
    void limitsHoldForEveryWayOfMakingSettings() {
        ProducerSettings s = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);

        assertThatThrownBy(() -> s.apply(SettingsChange.of(new ProducerChange(
                        null, null, null, null, null, 300, null, null, null, null, null, null, null, null))))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("payloadBytes");
        assertThatThrownBy(() -> new ProducerSettings(5, 16_384, Compression.NONE, 0, 400, KeyStrategy.ORDER_ID))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("rate");
        assertThat(s.apply(SettingsChange.linger(20)))
                .isEqualTo(new ProducerSettings(20, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID));
    }

    @Test
    void acksIsASettingWithKafkasDefaultAndTheBuffersAndInFlightAreKafkaProperties() {
        SettingsChange change = SettingsChange.read(Map.of(
                "acks",
                1,
                "producerConfig",
                Map.of("max.in.flight.requests.per.connection", 6, "send.buffer.bytes", -1)));
        assertThat(change.settings().acks()).isEqualTo(Acks.LEADER);
        ProducerSettings tuned =
                new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID).apply(change);
        assertThat(tuned.acks().kafkaValue()).isEqualTo("1");
        assertThat(tuned.acks().idempotent()).isFalse();
        assertThat(tuned.producerConfig())
                .containsEntry("max.in.flight.requests.per.connection", "6")
                .containsEntry("send.buffer.bytes", "-1");
        assertThat(tuned.kafkaProperties()).doesNotContainKeys("max.in.flight.requests.per.connection");

        ProducerSettings plain = new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID);
        assertThat(plain.acks()).isEqualTo(Acks.ALL);
        assertThat(plain.producerConfig()).isEmpty();
        assertThat(SettingsChange.read(Map.of("acks", "all")).settings().acks()).isEqualTo(Acks.ALL);
    }

    @Test
    void acksZeroAndMoreThanFiveInFlightWithIdempotenceAreRefusedByName() {
        assertThatThrownBy(() -> SettingsChange.read(Map.of("acks", 0)))
                .hasMessageStartingWith("acks must be one of all, 1 (0 is refused")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("acks");
        ProducerSettings plain = new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID);
        SettingsChange six =
                SettingsChange.read(Map.of("producerConfig", Map.of("max.in.flight.requests.per.connection", 6)));
        assertThatThrownBy(() -> plain.apply(six))
                .hasMessage("producerConfig.max.in.flight.requests.per.connection must be at most 5 with acks all"
                        + " (the producer is idempotent); got 6")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("producerConfig.max.in.flight.requests.per.connection");
        assertThat(plain.apply(SettingsChange.read(
                                Map.of("producerConfig", Map.of("max.in.flight.requests.per.connection", 5))))
                        .producerConfig())
                .containsEntry("max.in.flight.requests.per.connection", "5");
    }

    @Test
    void aSummaryFromBeforeTheBuffersWereKafkaPropertiesIsReadWithThemAsProperties() {
        Map<String, Object> old = Map.of(
                "lingerMs", 50,
                "batchSize", 262144,
                "compression", "none",
                "rate", "unthrottled",
                "payloadBytes", 400,
                "maxInFlight", 5,
                "sendBufferBytes", -1,
                "bufferMemory", 134217728);
        ProducerSettings read = ProducerSettings.fromJson(old);
        assertThat(read.producerConfig())
                .containsExactlyInAnyOrderEntriesOf(Map.of("send.buffer.bytes", "-1", "buffer.memory", "134217728"));
        assertThat(ProducerSettings.fromJson(Map.of(
                                "lingerMs", 0,
                                "batchSize", 16384,
                                "compression", "none",
                                "rate", 1000,
                                "payloadBytes", 400,
                                "maxInFlight", 5,
                                "sendBufferBytes", 131072,
                                "bufferMemory", 33554432))
                        .producerConfig())
                .isEmpty();
    }
}
