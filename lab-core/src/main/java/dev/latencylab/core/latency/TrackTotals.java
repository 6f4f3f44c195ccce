package dev.latencylab.core.latency;

import dev.latencylab.api.latency.ProducerTrack;
import dev.latencylab.api.latency.Totals;
import java.util.List;

/** The consumer's totals: every producer's track summed, with what no track holds given beside them. */
final class TrackTotals {

    private TrackTotals() {}

    /**
     * @param redelivered records processed again (the phases' count: a track does not know it)
     * @param skipped records counted in no phase
     * @param droppedProducers producers whose tracks were dropped to make room
     */
    static Totals of(List<ProducerTrack> accounts, long redelivered, Totals.Skipped skipped, long droppedProducers) {
        long received = 0;
        long lost = 0;
        long late = 0;
        long pending = 0;
        long duplicated = 0;
        long outOfOrder = 0;
        for (ProducerTrack a : accounts) {
            received += a.received() + a.beforeStart();
            lost += a.lost();
            late += a.late();
            pending += a.pending();
            duplicated += a.duplicated();
            outOfOrder += a.outOfOrder();
        }
        return new Totals(
                received, lost, late, pending, duplicated, redelivered, outOfOrder, skipped, droppedProducers);
    }
}
