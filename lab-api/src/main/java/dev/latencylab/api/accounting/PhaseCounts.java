package dev.latencylab.api.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import java.util.Optional;

/**
 * One phase's records, counted once the phase is closed ({@link PhaseFence}). Each count means one
 * thing (docs/contracts.md, "What each count means"):
 *
 * <ul>
 *   <li>{@code sent}, {@code acked}, {@code failed}: the producer's sends (sent = acked + failed).
 *   <li>{@code received}: the distinct records of the phase the group processed, a record being a
 *       producer instance and a sequence number: the offsets processed for the first time with the
 *       phase's id (the offset ledger) less those whose sequence number had been seen before. So a
 *       record the producer wrote twice is received once, and a duplicate never hides a loss.
 *   <li>{@code lost}: expected - received, never below 0, where expected is what was acknowledged
 *       at or after the offset the group started reading each partition at.
 *   <li>{@code unobserved}: acknowledged before the offset the group started reading its
 *       partition at (the consumer joined after it was written).
 *   <li>{@code unread}: acknowledged in a partition the group never read at all, or past the highest
 *       offset it has processed there (a dead instance, an offline partition, a fence that timed
 *       out); such a phase is not closed.
 *   <li>{@code storedDespiteFailure}: received beyond what was acknowledged: records whose send
 *       reported failure (a timeout) but which the brokers had stored. Exact when the phase lost
 *       nothing; a phase with both is counted as the difference of the two.
 *   <li>{@code duplicated}: records the producer wrote twice (two offsets, one sequence number), as
 *       the group's ledger counted them.
 *   <li>{@code redelivered}: records processed again from an offset already processed (a restart,
 *       a rebalance): not a second record, not a latency sample.
 *   <li>{@code late}, {@code outOfOrder}, {@code clamped}: from the records' sequence numbers.
 * </ul>
 *
 * So acked + storedDespiteFailure = received + lost + unobserved + unread, and received never
 * exceeds acked when no send failed.
 */
public record PhaseCounts(
        long sent,
        long acked,
        long failed,
        long received,
        long lost,
        long unobserved,
        long late,
        long duplicated,
        long redelivered,
        long outOfOrder,
        long clamped,
        long unread,
        long storedDespiteFailure) {

    public static PhaseCounts of(PhaseSends sends, LedgerView ledger, Optional<PhaseView> consumer) {
        long expected = 0;
        long unobserved = 0;
        long unread = 0;
        for (PartitionAcks acks : sends.partitions()) {
            Optional<PartitionLedger> read = ledger.partition(acks.partition());
            if (read.isEmpty()) {
                unread += acks.acked();
                continue;
            }
            long observed = observed(acks, read.get().firstOffset());
            long notYetRead = notYetRead(acks, read.get(), observed);
            expected += observed - notYetRead;
            unobserved += acks.acked() - observed;
            unread += notYetRead;
        }
        // The ledger counts the copies, with their offsets: the group's count, whoever saw them.
        long duplicated = ledger.duplicated(sends.phase());
        long received = Math.max(0, ledger.delivered(sends.phase()) - duplicated);
        return new PhaseCounts(
                sends.sent(),
                sends.acked(),
                sends.failed(),
                received,
                Math.max(0, expected - received),
                unobserved,
                consumer.map(PhaseView::late).orElse(0L),
                duplicated,
                ledger.redelivered(sends.phase()),
                consumer.map(PhaseView::outOfOrder).orElse(0L),
                consumer.map(PhaseView::clamped).orElse(0L),
                unread,
                Math.max(0, received - expected));
    }

    /**
     * Of a partition's observed records, those past the highest offset the group has processed
     * there: not yet read (only a phase that could not be closed has any). Exact with one producer
     * writing the topic, at most the records acknowledged otherwise.
     */
    private static long notYetRead(PartitionAcks acks, PartitionLedger read, long observed) {
        if (read.highestOffset() >= acks.lastOffset()) {
            return 0;
        }
        long from = Math.max(read.highestOffset() + 1, Math.max(acks.firstOffset(), read.firstOffset()));
        return Math.min(observed, acks.lastOffset() - from + 1);
    }

    /**
     * The acknowledged records of a partition at or after the group's first offset there. A start
     * inside the phase's offsets counts the offsets from it: exact when one producer writes the
     * topic (its records are consecutive), an upper bound otherwise.
     */
    private static long observed(PartitionAcks acks, long start) {
        if (start <= acks.firstOffset()) {
            return acks.acked();
        }
        if (start > acks.lastOffset()) {
            return 0;
        }
        return Math.min(acks.acked(), acks.lastOffset() - start + 1);
    }
}
