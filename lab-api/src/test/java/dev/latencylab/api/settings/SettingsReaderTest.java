package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsReaderTest {

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

        SettingsChange change = SettingsReader.change(fields);

        assertThat(change)
                .isEqualTo(new SettingsChange(
                        20, 65_536, Compression.ZSTD, 2_500.0, 1_024, KeyStrategy.CUSTOMER_ID, false, 12));
    }

    @Test
    void theFirstFieldAtFaultIsNamedWithWhatItAccepts() {
        assertThatThrownBy(() -> SettingsReader.change(Map.of("payloadBytes", 300)))
                .isInstanceOf(BadSettingsException.class)
                .hasMessage("payloadBytes must be an integer from 360 to 100000; got 300")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("payloadBytes");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("lingerMs", "5")))
                .hasMessage("lingerMs must be an integer from 0 to 10000; got \"5\"");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("lingerMs", 2.5)))
                .hasMessage("lingerMs must be an integer from 0 to 10000; got 2.5");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("batchSize", BigInteger.TWO.pow(70))))
                .hasMessageStartingWith("batchSize must be an integer from 0 to 16777216");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("rate", 0.05)))
                .hasMessage("rate must be a number of records/s from 0.1 to 200000; got 0.05");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("compression", "brotli")))
                .hasMessage("compression must be one of none, gzip, snappy, lz4, zstd; got \"brotli\"");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("keyStrategy", 1)))
                .hasMessage("keyStrategy must be one of order-id, customer-id, none; got 1");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("running", "yes")))
                .hasMessage("running must be true or false; got \"yes\"");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("linger", 5)))
                .hasMessage(
                        "unknown field 'linger'; accepted: batchSize, compression, keyStrategy, lingerMs, payloadBytes, phase, rate, running");
        assertThatThrownBy(() -> SettingsReader.change(Map.of("phase", -1)))
                .hasMessage("phase must be an integer from 0 to 2147483647; got -1");
    }

    @Test
    void collectsEveryProblemWhenAskedTo() {
        List<BadSettingsException> problems = new ArrayList<>();

        SettingsChange change = SettingsReader.change(
                Map.of("lingerMs", -1, "rate", 500, "running", true, "x", 1), SettingsReader.SETTINGS_FIELDS, problems);

        assertThat(problems)
                .extracting(BadSettingsException::field)
                .containsExactlyInAnyOrder("x", "running", "lingerMs");
        assertThat(change.lingerMs()).isNull();
        assertThat(change.rate()).isEqualTo(500.0);
    }

    @Test
    void limitsHoldForEveryWayOfMakingSettings() {
        ProducerSettings s = new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID);

        assertThatThrownBy(() -> s.apply(new SettingsChange(null, null, null, null, 300, null, null, null)))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("payloadBytes");
        assertThatThrownBy(() -> new ProducerSettings(5, 16_384, Compression.NONE, 0, 400, KeyStrategy.ORDER_ID))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("rate");
        assertThat(s.apply(SettingsChange.linger(20)))
                .isEqualTo(new ProducerSettings(20, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID));
        assertThat(s.phaseKey()).isEqualTo(new PhaseKey(5, 16_384, Compression.NONE));
    }
}
