package dev.latencylab.api.latency;

import java.util.UUID;

/**
 * The loss and duplicate figures of one producer's stream since tracking started or counts
 * were last reset.
 *
 * @param firstSequence the first sequence number counted
 * @param highestSequence the highest seen
 * @param pending missing numbers below the highest, still within the grace period
 * @param lost missing numbers whose grace period ran out (and that have not turned up since)
 * @param late numbers that turned up after having been declared lost
 * @param outOfOrder records that arrived after a higher number from the same partition
 * @param beforeStart records numbered below where tracking started, not counted
 * @param unobserved missing numbers no partition was going to deliver: below the point where the
 *     consumer started reading some partition (it joined late, or restarted from committed offsets)
 */
public record ProducerTrack(
        UUID producerId,
        long firstSequence,
        long highestSequence,
        long received,
        long pending,
        long lost,
        long late,
        long duplicated,
        long outOfOrder,
        long beforeStart,
        long unobserved) {

    /**
     * Two instances' tracks of this producer as one: the counts summed, the sequence numbers spanning
     * both (the first any counted, the highest any saw).
     */
    public ProducerTrack plus(ProducerTrack other) {
        return new ProducerTrack(
                producerId,
                Math.min(firstSequence, other.firstSequence),
                Math.max(highestSequence, other.highestSequence),
                received + other.received,
                pending + other.pending,
                lost + other.lost,
                late + other.late,
                duplicated + other.duplicated,
                outOfOrder + other.outOfOrder,
                beforeStart + other.beforeStart,
                unobserved + other.unobserved);
    }
}
