package dev.latencylab.api.producer;

import dev.latencylab.api.settings.ProducerSettings;
import java.util.UUID;

/**
 * The body of GET and POST /actuator/producer: the settings in effect and the sender's counters.
 *
 * @param generation counts the settings changes applied since the app started
 */
public record ProducerStatus(
        UUID producerId, boolean running, long generation, ProducerSettings settings, SenderCounters counters) {}
