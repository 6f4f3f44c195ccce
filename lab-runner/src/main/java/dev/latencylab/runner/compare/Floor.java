package dev.latencylab.runner.compare;

import dev.latencylab.api.latency.Percentiles;
import java.util.Map;

/**
 * The closed-loop floor: for each record, from just before {@code send()} to the moment the
 * consumer's {@code poll()} returns it, in microseconds (shown as ms with three decimals).
 *
 * @param paceMs   the least time from one send to the next; 0: back to back
 * @param e2eMs    send to read, per record
 * @param ackMs    send to acknowledgement, per record (the loop waits for both before the next)
 * @param producer the floor producer's settings that matter for latency
 * @param consumer the floor consumer's fetch settings (the consumer-app's, so the floor is the lab's own)
 */
public record Floor(
        long records,
        double seconds,
        double paceMs,
        Percentiles e2eMs,
        Percentiles ackMs,
        Map<String, String> producer,
        Map<String, String> consumer) {}
