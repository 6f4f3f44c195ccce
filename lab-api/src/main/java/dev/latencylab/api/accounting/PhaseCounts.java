package dev.latencylab.api.accounting;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.TransactionCounts;
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
 *       at or after the offset the group started reading each partition at, less what is unread.
 *   <li>{@code unobserved}: acknowledged before the offset the group started reading its
 *       partition at (the consumer joined after it was written). In a phase sent in transactions
 *       each transaction's marker takes an offset, so a start inside the phase's offsets cannot tell
 *       from them how many of its records came before: the records the group processed in that
 *       partition are taken as all it could read, the rest unobserved (a loss there is not told).
 *   <li>{@code unread}: acknowledged in a partition the group never read at all, or past the highest
 *       offset it has processed there (a dead instance, an offline partition, a fence that timed
 *       out); such a phase is not closed, and the runner stops the run on it.
 *   <li>{@code storedDespiteFailure}: received beyond what was acknowledged: records whose send
 *       reported failure (a timeout) but which the brokers had stored. Exact when the phase lost
 *       nothing; a phase with both is counted as the difference of the two.
 *   <li>{@code duplicated}: records the producer wrote twice (two offsets, one sequence number), as
 *       the group's ledger counted them.
 *   <li>{@code redelivered}: records processed again from an offset already processed (a restart,
 *       a rebalance): not a second record, not a latency sample.
 *   <li>{@code late}, {@code outOfOrder}: from the records' sequence numbers; {@code clamped}: records
 *       with a latency or batch wait outside the histograms' range. All three as the consumer-app instances counted
 *       them ({@link PhaseView}), 0 when none had the phase.
 *   <li>{@code keyOrder}: the keys with a record processed after a later one of the same key
 *       ({@link KeyOrder}), as the consumer-app instances counted them; null when none did.
 *   <li>{@code transactions}: the phase's transactions committed and aborted, and the acknowledged
 *       records of the aborted ones ({@link #abortedRecords}); null when the producer sent without. A
 *       consumer at {@code read_committed} is never given an aborted transaction's records, so they
 *       are not expected of it ({@link PhaseSends#committed}); one at {@code read_uncommitted} is,
 *       and receives them.
 * </ul>
 *
 * So acked + storedDespiteFailure = received + lost + unobserved + unread (+ aborted at {@code
 * read_committed}) whenever the producer's acknowledgements per partition add up to its {@code acked};
 * the runner stops a run whose phase's counts do not.
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
        long storedDespiteFailure,
        @JsonInclude(JsonInclude.Include.NON_NULL) TransactionCounts transactions,
        @JsonInclude(JsonInclude.Include.NON_NULL) KeyOrder keyOrder) {

    /** Acknowledged records of aborted transactions (0 without transactions). */
    public long abortedRecords() {
        return transactions == null ? 0 : transactions.abortedRecords();
    }

    /**
     * The phase's counts from its sends as the consumer is given them ({@link PhaseSends#committed} for
     * one at {@code read_committed}), the group's ledger and the consumer's view of the phase.
     */
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
            long start = read.get().firstOffset();
            long observed = sends.transactions() != null && start > acks.firstOffset() && start <= acks.lastOffset()
                    // Markers take offsets: what was written before the group's start cannot be told from
                    // the offsets, so what it processed there is what it could read (lost 0 in that partition).
                    ? Math.min(acks.acked(), ledger.delivered(sends.phase(), acks.partition()))
                    : observed(acks, start);
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
                Math.max(0, received - expected),
                sends.transactions(),
                consumer.map(PhaseView::keyOrder).orElse(null));
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
