package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of POST /actuator/producer: the settings to change, each null to leave it as it is,
 * whether load runs, and the phase the records from now on belong to. Read by {@link
 * SettingsReader}; written by the runner, null fields left out.
 *
 * @param phase the runner's id for the phase, carried in every record's header ({@link
 *     SettingsLimits#PHASE}; 0: no named phase). A change of a setting that names no phase sets it
 *     to 0, so records sent with other settings are never counted in the runner's phase.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettingsChange(
        Integer lingerMs,
        Integer batchSize,
        Compression compression,
        Double rate,
        Integer payloadBytes,
        KeyStrategy keyStrategy,
        Boolean running,
        Integer phase) {

    /** Every setting as given, load running, records in the given phase: what a phase asks for. */
    public static SettingsChange start(ProducerSettings s, int phase) {
        return new SettingsChange(
                s.lingerMs(), s.batchSize(), s.compression(), s.rate(), s.payloadBytes(), s.keyStrategy(), true, phase);
    }

    public static SettingsChange stop() {
        return new SettingsChange(null, null, null, null, null, null, false, null);
    }

    /** Only the phase the records from now on belong to. */
    public static SettingsChange phase(int phase) {
        return new SettingsChange(null, null, null, null, null, null, null, phase);
    }

    public static SettingsChange linger(int lingerMs) {
        return new SettingsChange(lingerMs, null, null, null, null, null, null, null);
    }

    /** The same change with record keys set as named. */
    public SettingsChange withKeyStrategy(KeyStrategy strategy) {
        return new SettingsChange(lingerMs, batchSize, compression, rate, payloadBytes, strategy, running, phase);
    }

    /** Whether this change sets any producer setting (not just {@code running} or {@code phase}). */
    public boolean setsAnySetting() {
        return lingerMs != null
                || batchSize != null
                || compression != null
                || rate != null
                || payloadBytes != null
                || keyStrategy != null;
    }
}
