package dev.latencylab.api.latency;

import dev.latencylab.api.settings.PhaseKey;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The body of GET /actuator/latency: everything the consumer knows, per phase and in total. */
public record LatencyView(List<PhaseView> phases, Totals totals, List<ProducerTrack> producers) {

    public LatencyView {
        phases = phases == null ? List.of() : List.copyOf(phases);
        producers = producers == null ? List.of() : List.copyOf(producers);
    }

    /** The consumer's phase for records whose header carries these settings, if it has one. */
    public Optional<PhaseView> phase(PhaseKey key) {
        return phases.stream().filter(p -> key.equals(p.settings())).findFirst();
    }

    public Optional<ProducerTrack> producer(UUID producerId) {
        return producers.stream().filter(p -> producerId.equals(p.producerId())).findFirst();
    }
}
