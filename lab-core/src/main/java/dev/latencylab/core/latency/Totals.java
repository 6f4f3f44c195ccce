package dev.latencylab.core.latency;

/** Totals over every phase since the last full reset. */
public record Totals(long received, long lost, long pending, long duplicated, long outOfOrder, Skipped skipped) {

    /** Records counted and skipped, by reason; the consumer never stops on them. */
    public record Skipped(long noHeader, long badHeader, long badPayload, long tooManyPhases) {
    }
}
