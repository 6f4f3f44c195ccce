package dev.latencylab.api.settings;

import java.util.Objects;

/**
 * Everything about the producer a phase of an experiment sets: the Kafka client settings the lab
 * varies and the load it generates. The one type for it: the producer-app holds it, its endpoint
 * shows it, a scenario's phase asks for it. Every value is checked against {@link SettingsLimits}
 * when it is made, so an invalid one cannot exist.
 *
 * @param lingerMs linger.ms
 * @param batchSize batch.size in bytes
 * @param compression compression.type
 * @param rate records/s the open-loop schedule aims at
 * @param payloadBytes size of each record's JSON value
 * @param keyStrategy what the record key is
 */
public record ProducerSettings(
        int lingerMs, int batchSize, Compression compression, double rate, int payloadBytes, KeyStrategy keyStrategy) {

    public ProducerSettings {
        SettingsLimits.LINGER_MS.check("lingerMs", lingerMs);
        SettingsLimits.BATCH_SIZE.check("batchSize", batchSize);
        if (compression == null) {
            throw new BadSettingsException("compression", "compression must be one of " + Compression.acceptedNames());
        }
        if (!SettingsLimits.rateAccepted(rate)) {
            throw new BadSettingsException("rate", SettingsLimits.describeRate("rate") + "; got " + rate);
        }
        SettingsLimits.PAYLOAD_BYTES.check("payloadBytes", payloadBytes);
        if (keyStrategy == null) {
            throw new BadSettingsException("keyStrategy", "keyStrategy must be one of " + KeyStrategy.acceptedNames());
        }
    }

    /** These settings with every field the change sets replaced; {@code running} is not a setting and is ignored. */
    public ProducerSettings apply(SettingsChange change) {
        Objects.requireNonNull(change, "change");
        return new ProducerSettings(
                change.lingerMs() != null ? change.lingerMs() : lingerMs,
                change.batchSize() != null ? change.batchSize() : batchSize,
                change.compression() != null ? change.compression() : compression,
                change.rate() != null ? change.rate() : rate,
                change.payloadBytes() != null ? change.payloadBytes() : payloadBytes,
                change.keyStrategy() != null ? change.keyStrategy() : keyStrategy);
    }

    /** What a record's header carries of these settings: the consumer's phase key. */
    public PhaseKey phaseKey() {
        return new PhaseKey(lingerMs, batchSize, compression);
    }
}
