package dev.latencylab.producer.load;

import dev.latencylab.core.payload.KeyStrategy;
import dev.latencylab.core.settings.Compression;

/** A validated request to change some settings; null means "leave as it is". */
public record SettingsChange(Integer lingerMs, Integer batchSize, Compression compression, Double rate,
                             Integer payloadBytes, KeyStrategy keyStrategy, Boolean running) {
}
