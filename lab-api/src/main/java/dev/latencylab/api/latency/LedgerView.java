package dev.latencylab.api.latency;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The consumer group's offset ledger: per partition, which offsets were processed and in which
 * phase. Kept in a memory-mapped file that every consumer-app instance of the group on this host
 * shares, so it survives a SIGKILL and a partition moving between instances.
 *
 * @param topic the topic whose partitions these are (null before it is named)
 * @param ledgerId the ledger's identity: every instance that shares the ledger's file reports the
 *     same one, so instances that do not share it (other hosts, other folders) can be told
 * @param limitHit null, or the capacity a partition ran out of (its segments, or partitions beyond
 *     the ledger's): counts per phase are incomplete from then on, and the runner stops on it
 * @param redeliveredBeforeStart records re-read from below a partition's first offset (a restart
 *     that rewound to before the ledger was cleared)
 */
public record LedgerView(
        String topic, String ledgerId, String limitHit, long redeliveredBeforeStart, List<PartitionLedger> partitions) {

    public LedgerView {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }

    /** The ledger of a topic the group has not read a record of. */
    public static LedgerView empty(String topic) {
        return new LedgerView(topic, null, null, 0, List.of());
    }

    public LedgerView withTopic(String name) {
        return new LedgerView(name, ledgerId, limitHit, redeliveredBeforeStart, partitions);
    }

    /** Whether a capacity was hit: per-phase counts are incomplete. */
    @JsonIgnore
    public boolean full() {
        return limitHit != null;
    }

    public Optional<PartitionLedger> partition(int partition) {
        return partitions.stream().filter(p -> p.partition() == partition).findFirst();
    }

    /** Distinct offsets processed with this phase id in this partition. */
    public long delivered(int phase, int partition) {
        return partition(partition)
                .map(p -> p.segments().stream()
                        .filter(s -> s.phase() == phase)
                        .mapToLong(OffsetSegment::records)
                        .sum())
                .orElse(0L);
    }

    /** Distinct offsets processed with this phase id, over all partitions. */
    public long delivered(int phase) {
        return sum(phase, OffsetSegment::records);
    }

    /**
     * Offsets of this phase that held a second copy of a record (the producer wrote it twice):
     * counted in the ledger, with the offsets, so the count survives the instance that saw it.
     */
    public long duplicated(int phase) {
        return sum(phase, OffsetSegment::duplicated);
    }

    /** Records of this phase processed more than once. */
    public long redelivered(int phase) {
        return sum(phase, OffsetSegment::redelivered);
    }

    private long sum(int phase, ToLongFunction<OffsetSegment> figure) {
        return partitions.stream()
                .flatMap(p -> p.segments().stream())
                .filter(s -> s.phase() == phase)
                .mapToLong(figure)
                .sum();
    }
}
