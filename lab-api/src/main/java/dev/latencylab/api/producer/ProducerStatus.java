package dev.latencylab.api.producer;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The body of GET and POST /actuator/producer: the settings in effect, the phase the records
 * being sent belong to, the sender's counters, and what was sent and acknowledged per phase.
 *
 * @param topic the topic the records go to
 * @param generation counts the settings changes applied since the app started
 * @param phase the phase id the records sent now carry (0: no named phase; from {@link
 *     dev.latencylab.api.accounting.PhaseIds#FIRST_BY_HAND} up: a change by hand)
 * @param phaseName that phase's name: the runner's, or made from a change by hand; null when none
 * @param phases the named phases' sends, oldest first (the most recent {@value #PHASES_KEPT})
 * @param header whether the records carry the lab's header (false: they go as Kafka's tools send
 *     them, untimed and uncounted by the consumer; null from a producer-app before it could be off)
 * @param scheduleLagMs how late the next record is on its schedule now (0 when on time); null when
 *     no schedule runs (stopped, unthrottled). A sender that fell behind in one phase sends the
 *     next phase's first records late: the runner measures a phase only once this is back near 0.
 */
public record ProducerStatus(
        UUID producerId,
        String topic,
        boolean running,
        long generation,
        ProducerSettings settings,
        int phase,
        @JsonInclude(JsonInclude.Include.NON_NULL) String phaseName,
        SenderCounters counters,
        List<PhaseSends> phases,
        Boolean header,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double scheduleLagMs) {

    /** How many named phases the producer remembers; older ones are forgotten first. */
    public static final int PHASES_KEPT = 256;

    public ProducerStatus {
        phases = phases == null ? List.of() : List.copyOf(phases);
        header = header == null ? Boolean.TRUE : header;
    }

    /** The same status, running or not as given: how the runner's group answer shows an instance that did what it was asked. */
    public ProducerStatus withRunning(boolean on) {
        return new ProducerStatus(
                producerId, topic, on, generation, settings, phase, phaseName, counters, phases, header, scheduleLagMs);
    }

    public Optional<PhaseSends> phaseSends(int phaseId) {
        return phases.stream().filter(p -> p.phase() == phaseId).findFirst();
    }
}
