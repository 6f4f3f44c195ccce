package dev.latencylab.core.latency;

import dev.latencylab.core.settings.ProducerSettings;
import java.time.Instant;

/**
 * One phase's figures. {@code latencyMs} is consume time minus actual send time (what most
 * tools report); {@code correctedLatencyMs} is consume time minus intended send time, which
 * also counts the time a stalled producer made records wait (coordinated omission). Both are
 * null when the phase has no sample.
 */
public record PhaseReport(ProducerSettings settings, long count, Instant firstReceived, Instant lastReceived,
                          Percentiles latencyMs, Percentiles correctedLatencyMs, long lost, long late,
                          long duplicated, long outOfOrder, long clamped) {
}
