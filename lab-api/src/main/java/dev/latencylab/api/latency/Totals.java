package dev.latencylab.api.latency;

/**
 * Totals over every phase since the last reset.
 *
 * @param lost missing past the grace period and not turned up since
 * @param late turned up after having been declared lost (counted in received, not in lost)
 * @param duplicated the producer wrote the record twice (two offsets, one sequence number)
 * @param redelivered the record was read again from an offset already processed (restart, rebalance)
 * @param droppedProducers producers whose sequence tracking was dropped because more were tracked at once
 *     than the consumer holds (16 per instance, the least recently heard-from goes): their open gaps
 *     are never counted lost, and if they send again their tracking starts afresh (a copy of a record
 *     sent before is then taken for a first arrival)
 */
public record Totals(
        long received,
        long lost,
        long late,
        long pending,
        long duplicated,
        long redelivered,
        long outOfOrder,
        Skipped skipped,
        long droppedProducers) {

    /** Two instances' totals as one: every count summed (the instances of a group count apart). */
    public Totals plus(Totals other) {
        return new Totals(
                received + other.received,
                lost + other.lost,
                late + other.late,
                pending + other.pending,
                duplicated + other.duplicated,
                redelivered + other.redelivered,
                outOfOrder + other.outOfOrder,
                skipped.plus(other.skipped),
                droppedProducers + other.droppedProducers);
    }

    /** Records counted and skipped, by reason; the consumer never stops on them. */
    public record Skipped(long noHeader, long badHeader, long badPayload, long tooManyPhases) {

        public long total() {
            return noHeader + badHeader + badPayload + tooManyPhases;
        }

        public Skipped plus(Skipped other) {
            return new Skipped(
                    noHeader + other.noHeader,
                    badHeader + other.badHeader,
                    badPayload + other.badPayload,
                    tooManyPhases + other.tooManyPhases);
        }
    }
}
