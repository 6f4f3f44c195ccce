package dev.latencylab.api.settings;

/**
 * The producer settings every record's header carries (linger.ms, batch.size, compression): the
 * consumer groups latencies into phases by this key, read from the record itself. In JSON:
 * {@code {"lingerMs": 5, "batchSize": 16384, "compression": "lz4"}}.
 */
public record PhaseKey(int lingerMs, int batchSize, Compression compression) {

    public PhaseKey {
        if (compression == null) {
            throw new BadSettingsException("compression", "compression must be one of " + Compression.acceptedNames());
        }
        SettingsLimits.LINGER_MS.check("lingerMs", lingerMs);
        SettingsLimits.BATCH_SIZE.check("batchSize", batchSize);
    }

    @Override
    public String toString() {
        return "linger.ms=" + lingerMs + " batch.size=" + batchSize + " compression=" + compression.kafkaName();
    }
}
