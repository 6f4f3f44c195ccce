package dev.latencylab.core.latency;

import dev.latencylab.core.settings.ProducerSettings;
import java.time.Instant;

/**
 * One phase's figures. {@code latencyMs} is consume time minus actual send time (what most
 * tools report); {@code correctedLatencyMs} is consume time minus intended send time, which
 * also counts the time a stalled producer made records wait (coordinated omission).
 */
public record PhaseReport(ProducerSettings settings, long count, Instant firstReceived, Instant lastReceived,
                          Percentiles latencyMs, Percentiles correctedLatencyMs, long lost, long duplicated,
                          long outOfOrder, long clamped) {
}
