package dev.latencylab.api.latency;

/**
 * Totals over every phase since the last reset.
 *
 * @param lost missing past the grace period and not turned up since
 * @param late turned up after having been declared lost (counted in received, not in lost)
 * @param duplicated the producer wrote the record twice (two offsets, one sequence number)
 * @param redelivered the record was read again from an offset already processed (restart, rebalance)
 */
public record Totals(
        long received,
        long lost,
        long late,
        long pending,
        long duplicated,
        long redelivered,
        long outOfOrder,
        Skipped skipped) {

    /** Records counted and skipped, by reason; the consumer never stops on them. */
    public record Skipped(long noHeader, long badHeader, long badPayload, long tooManyPhases) {

        public long total() {
            return noHeader + badHeader + badPayload + tooManyPhases;
        }
    }
}
