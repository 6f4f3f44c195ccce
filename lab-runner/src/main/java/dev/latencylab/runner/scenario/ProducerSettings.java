package dev.latencylab.runner.scenario;

import java.util.List;

/**
 * What a phase asks the producer-app for (POST /actuator/producer). Ranges are the
 * producer endpoint's own (docs/contracts.md), checked here so a typo fails before any load starts.
 */
public record ProducerSettings(int lingerMs, int batchSize, String compression, double rate, int payloadBytes) {

    public static final List<String> COMPRESSIONS = List.of("none", "gzip", "snappy", "lz4", "zstd");
    public static final int MAX_LINGER_MS = 10_000;
    public static final int MAX_BATCH_SIZE = 16_777_216;
    public static final double MAX_RATE = 200_000;
    public static final int MIN_PAYLOAD = 256;
    public static final int MAX_PAYLOAD = 100_000;

    /** True when the consumer's per-phase settings (linger, batch, codec) are these. */
    public boolean matches(int otherLingerMs, int otherBatchSize, String otherCompression) {
        return lingerMs == otherLingerMs && batchSize == otherBatchSize && compression.equals(otherCompression);
    }
}
