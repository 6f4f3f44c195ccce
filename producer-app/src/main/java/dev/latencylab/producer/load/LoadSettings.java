package dev.latencylab.producer.load;

import dev.latencylab.core.payload.KeyStrategy;
import dev.latencylab.core.settings.ProducerSettings;

/** Everything a client can change at run time, as one immutable value. */
public record LoadSettings(ProducerSettings producer, double rate, int payloadBytes, KeyStrategy keyStrategy,
                           boolean running) {

    LoadSettings apply(SettingsChange change) {
        ProducerSettings p = producer;
        if (change.lingerMs() != null) {
            p = p.withLingerMs(change.lingerMs());
        }
        if (change.batchSize() != null) {
            p = p.withBatchSize(change.batchSize());
        }
        if (change.compression() != null) {
            p = p.withCompression(change.compression());
        }
        return new LoadSettings(p,
                change.rate() != null ? change.rate() : rate,
                change.payloadBytes() != null ? change.payloadBytes() : payloadBytes,
                change.keyStrategy() != null ? change.keyStrategy() : keyStrategy,
                change.running() != null ? change.running() : running);
    }
}
