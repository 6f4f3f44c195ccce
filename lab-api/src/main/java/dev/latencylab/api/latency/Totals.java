package dev.latencylab.api.latency;

/**
 * Totals over every phase since the last reset.
 *
 * @param lost missing past the grace period and not turned up since
 * @param late turned up after having been declared lost (counted in received, not in lost)
 */
public record Totals(
        long received, long lost, long late, long pending, long duplicated, long outOfOrder, Skipped skipped) {

    /** Records counted and skipped, by reason; the consumer never stops on them. */
    public record Skipped(long noHeader, long badHeader, long badPayload, long tooManyPhases) {

        public long total() {
            return noHeader + badHeader + badPayload + tooManyPhases;
        }
    }
}
