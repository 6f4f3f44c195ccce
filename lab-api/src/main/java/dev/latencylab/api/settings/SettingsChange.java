package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of POST /actuator/producer: the settings to change, each null to leave it as it is,
 * and whether load runs. Read by {@link SettingsReader}; written by the runner, null fields left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettingsChange(
        Integer lingerMs,
        Integer batchSize,
        Compression compression,
        Double rate,
        Integer payloadBytes,
        KeyStrategy keyStrategy,
        Boolean running) {

    /** Every setting as given, load running: what a phase asks for. */
    public static SettingsChange start(ProducerSettings s) {
        return new SettingsChange(
                s.lingerMs(), s.batchSize(), s.compression(), s.rate(), s.payloadBytes(), s.keyStrategy(), true);
    }

    public static SettingsChange stop() {
        return new SettingsChange(null, null, null, null, null, null, false);
    }

    public static SettingsChange linger(int lingerMs) {
        return new SettingsChange(lingerMs, null, null, null, null, null, null);
    }

    /** The same change with record keys set as named. */
    public SettingsChange withKeyStrategy(KeyStrategy strategy) {
        return new SettingsChange(lingerMs, batchSize, compression, rate, payloadBytes, strategy, running);
    }
}
