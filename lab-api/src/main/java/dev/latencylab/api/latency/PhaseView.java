package dev.latencylab.api.latency;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One phase's figures. {@code latencyMs} is consume time minus actual send time (what most
 * tools report); {@code correctedLatencyMs} is consume time minus intended send time, which
 * also counts the time a stalled producer made records wait (coordinated omission). Both are
 * null when the phase has no sample, and so are the two instants.
 *
 * @param phase the runner's phase id the records carried (0: no named phase)
 * @param count records measured by this consumer-app instance (first deliveries)
 * @param redelivered records this instance processed again (their offset was processed before)
 * @param clamped records with a latency, corrected latency or batch wait outside the histogram's range
 *     (negative or above ten minutes), recorded at its edge; a record counts once however many of its
 *     values were out of range
 * @param batchWaitMs consumed minus polled: how long a record waited in the batch its poll returned
 *     and was processed (the consumed time is when its processing finished); null without samples
 * @param histograms the histograms behind the percentiles, when asked for (null otherwise)
 * @param slow the records above a threshold the runner set during the phase (null when none was set)
 * @param unsampled first arrivals whose value was not a JSON object (a user's sample line): counted
 *     as received like every record, but no latency sample; so count + unsampled = the records received
 * @param keyOrder which keys had a record processed after a later one ({@link KeyOrder}); null from a
 *     consumer that did not track them
 */
public record PhaseView(
        int phase,
        long count,
        Instant firstReceived,
        Instant lastReceived,
        Percentiles latencyMs,
        Percentiles correctedLatencyMs,
        long lost,
        long late,
        long duplicated,
        long redelivered,
        long outOfOrder,
        long clamped,
        Percentiles batchWaitMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) EncodedHistograms histograms,
        @JsonInclude(JsonInclude.Include.NON_NULL) SlowRecords slow,
        long unsampled,
        @JsonInclude(JsonInclude.Include.NON_NULL) KeyOrder keyOrder) {

    /** The records of the phase this view has seen for the first time: sampled or not. */
    @JsonIgnore
    public long firstArrivals() {
        return count + unsampled;
    }
}
