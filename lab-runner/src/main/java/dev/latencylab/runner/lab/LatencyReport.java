package dev.latencylab.runner.lab;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import dev.latencylab.runner.scenario.ProducerSettings;

/** consumer-app's GET /actuator/latency answer (docs/contracts.md). */
public record LatencyReport(List<PhaseLatency> phases, Totals totals, List<ProducerTrack> producers) {

    public LatencyReport {
        phases = phases == null ? List.of() : List.copyOf(phases);
        producers = producers == null ? List.of() : List.copyOf(producers);
    }

    /** The consumer's entry for records sent with these settings, if it has one. */
    public Optional<PhaseLatency> phaseFor(ProducerSettings settings) {
        return phases.stream()
                .filter(p -> p.settings() != null
                        && settings.matches(p.settings().lingerMs(), p.settings().batchSize(), p.settings().compression()))
                .findFirst();
    }

    public Optional<ProducerTrack> producer(String producerId) {
        return producers.stream().filter(p -> p.producerId() != null && p.producerId().equals(producerId)).findFirst();
    }

    public record PhaseLatency(PhaseSettings settings, long count, Instant firstReceived, Instant lastReceived,
            Percentiles latencyMs, Percentiles correctedLatencyMs, long lost, long duplicated, long outOfOrder) {
    }

    public record PhaseSettings(int lingerMs, int batchSize, String compression) {
    }

    /** Milliseconds; null where the consumer has no sample yet. */
    public record Percentiles(Double p50, Double p90, Double p95, Double p99, Double p999, Double max) {
    }

    public record Totals(long received, long lost, long pending, long duplicated, long outOfOrder, Skipped skipped) {
    }

    public record Skipped(long noHeader, long badHeader, long badPayload, long tooManyPhases) {
        public long total() {
            return noHeader + badHeader + badPayload + tooManyPhases;
        }

    }

    public record ProducerTrack(String producerId, long firstSequence, long highestSequence, long received,
            long pending, long lost, long duplicated) {
    }
}
