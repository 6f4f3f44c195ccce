package dev.latencylab.api.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.PartitionLedger;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import java.util.Optional;

/**
 * One phase's records, counted once the phase is closed ({@link PhaseFence}).
 *
 * <p>From the producer: {@code sent}, {@code acked}, {@code failed} (sent = acked + failed).
 * From the consumer group's offset ledger: {@code received}, the distinct offsets processed with
 * the phase's id, and {@code redelivered}, records processed again after a restart or a
 * rebalance. {@code lost} = expected - received, never below 0, where expected is what was
 * acknowledged at or after the offset the group started reading each partition at; what was
 * acknowledged before it is {@code unobserved} (the consumer joined after it was written). So
 * acked = received + lost + unobserved, and a failed send is never a loss. {@code late},
 * {@code duplicated} (the producer wrote a record twice), {@code outOfOrder} and {@code clamped}
 * are the consumer instance's own counts from the records' sequence numbers.
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
        long clamped) {

    public static PhaseCounts of(PhaseSends sends, LedgerView ledger, Optional<PhaseView> consumer) {
        long expected = 0;
        long unobserved = 0;
        for (PartitionAcks acks : sends.partitions()) {
            long start = ledger.partition(acks.partition())
                    .map(PartitionLedger::firstOffset)
                    .orElse(Long.MAX_VALUE);
            long observed = observed(acks, start);
            expected += observed;
            unobserved += acks.acked() - observed;
        }
        long received = ledger.delivered(sends.phase());
        return new PhaseCounts(
                sends.sent(),
                sends.acked(),
                sends.failed(),
                received,
                Math.max(0, expected - received),
                unobserved,
                consumer.map(PhaseView::late).orElse(0L),
                consumer.map(PhaseView::duplicated).orElse(0L),
                ledger.redelivered(sends.phase()),
                consumer.map(PhaseView::outOfOrder).orElse(0L),
                consumer.map(PhaseView::clamped).orElse(0L));
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
