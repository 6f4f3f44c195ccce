package dev.latencylab.core.settings;

import java.util.Objects;

/**
 * The producer settings a record was sent with. A distinct value is a distinct phase of an
 * experiment: the consumer groups latencies by it, read from each record's header.
 */
public record ProducerSettings(int lingerMs, int batchSize, Compression compression) {

    public ProducerSettings {
        Objects.requireNonNull(compression, "compression");
        SettingsLimits.LINGER_MS.check("lingerMs", lingerMs);
        SettingsLimits.BATCH_SIZE.check("batchSize", batchSize);
    }

    public ProducerSettings withLingerMs(int value) {
        return new ProducerSettings(value, batchSize, compression);
    }

    public ProducerSettings withBatchSize(int value) {
        return new ProducerSettings(lingerMs, value, compression);
    }

    public ProducerSettings withCompression(Compression value) {
        return new ProducerSettings(lingerMs, batchSize, value);
    }

    @Override
    public String toString() {
        return "linger.ms=" + lingerMs + " batch.size=" + batchSize + " compression=" + compression.kafkaName();
    }
}
