package dev.latencylab.core.latency;

import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import java.util.List;

/** The consumer's totals: every producer's track summed, with what no track holds given beside them. */
final class TrackTotals {

    /** The sum of no tracks: its id and sequence numbers are never read. */
    private static final ProducerTrack NONE = new ProducerTrack(null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    private TrackTotals() {}

    /**
     * @param redelivered records processed again (the phases' count: a track does not know it)
     * @param skipped records counted in no phase
     * @param droppedProducers producers whose tracks were dropped to make room
     */
    static Totals of(List<ProducerTrack> accounts, long redelivered, Totals.Skipped skipped, long droppedProducers) {
        ProducerTrack sum = accounts.stream().reduce(NONE, ProducerTrack::plus);
        // received counts the records numbered below where tracking started too: they did arrive
        return new Totals(
                sum.received() + sum.beforeStart(),
                sum.lost(),
                sum.late(),
                sum.pending(),
                sum.duplicated(),
                redelivered,
                sum.outOfOrder(),
                skipped,
                droppedProducers);
    }
}
