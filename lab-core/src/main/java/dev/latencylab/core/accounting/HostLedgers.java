package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One topic's offset ledgers of a consumer group whose instances run on several hosts, as one: each
 * host's consumer-apps keep their own ledger file, which knows the partitions they read only. A
 * partition read on one host is taken as that host's ledger holds it; one that moved between hosts (a
 * rebalance) is laid out offset by offset: what the host it moved to read again below where the first
 * had got counts as redelivered, and the partition is processed up to where its offsets first leave a
 * hole. A re-read that the segments cannot place exactly (its segment holds gaps or duplicates, whose
 * offsets a segment does not keep) is refused rather than guessed.
 */
public final class HostLedgers {

    private HostLedgers() {}

    /**
     * @param ledgers one topic's ledgers, each of another ledger file (another ledger id)
     * @throws IllegalArgumentException when a re-read between hosts cannot be placed exactly
     */
    public static LedgerView merge(List<LedgerView> ledgers) {
        if (ledgers.size() == 1) {
            return ledgers.get(0);
        }
        LedgerView first = ledgers.get(0);
        TreeSet<String> ids = new TreeSet<>();
        String limitHit = null;
        long beforeStart = 0;
        Map<Integer, List<PartitionLedger>> byPartition = new TreeMap<>();
        for (LedgerView l : ledgers) {
            ids.add(String.valueOf(l.ledgerId()));
            limitHit = limitHit != null ? limitHit : l.limitHit();
            beforeStart += l.redeliveredBeforeStart();
            l.partitions().forEach(p -> byPartition
                    .computeIfAbsent(p.partition(), k -> new ArrayList<>())
                    .add(p));
        }
        List<PartitionLedger> partitions = new ArrayList<>(byPartition.size());
        byPartition.values().forEach(parts -> partitions.add(partition(first.topic(), parts)));
        return new LedgerView(first.topic(), String.join("+", ids), limitHit, beforeStart, partitions);
    }

    private static PartitionLedger partition(String topic, List<PartitionLedger> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        List<OffsetSegment> all = new ArrayList<>();
        parts.forEach(p -> all.addAll(p.segments()));
        all.sort(Comparator.comparingLong(OffsetSegment::fromOffset).thenComparingLong(OffsetSegment::toOffset));
        long first =
                parts.stream().mapToLong(PartitionLedger::firstOffset).min().orElseThrow();
        List<OffsetSegment> merged = new ArrayList<>();
        long covered = first - 1;
        for (OffsetSegment s : all) {
            if (s.fromOffset() > covered) {
                merged.add(s);
                covered = s.toOffset();
                continue;
            }
            long overlap = Math.min(s.toOffset(), covered) - s.fromOffset() + 1;
            if (s.gaps() > 0 || s.duplicated() > 0) {
                throw new IllegalArgumentException("partition " + parts.get(0).partition() + " of " + topic
                        + " was read on two hosts over offsets " + s.fromOffset() + " to "
                        + Math.min(s.toOffset(), covered) + ", and the later read's segment holds "
                        + s.gaps() + " gaps and " + s.duplicated() + " duplicates whose offsets its ledger"
                        + " does not keep: the group's counts cannot be told exactly");
            }
            int at = containing(merged, s.fromOffset());
            OffsetSegment earlier = merged.get(at);
            merged.set(at, withRedelivered(earlier, earlier.redelivered() + overlap));
            if (s.toOffset() > covered) {
                merged.add(new OffsetSegment(s.phase(), covered + 1, s.toOffset(), s.redelivered(), 0, 0));
                covered = s.toOffset();
            } else if (s.redelivered() > 0) {
                OffsetSegment again = merged.get(at);
                merged.set(at, withRedelivered(again, again.redelivered() + s.redelivered()));
            }
        }
        return new PartitionLedger(parts.get(0).partition(), first, contiguousEnd(first, merged), merged);
    }

    /** The segment that holds {@code offset}, or the last one below it (offsets between hosts' reads). */
    private static int containing(List<OffsetSegment> merged, long offset) {
        for (int i = merged.size() - 1; i >= 0; i--) {
            if (merged.get(i).fromOffset() <= offset) {
                return i;
            }
        }
        return 0;
    }

    /** Every offset from {@code first} up to the returned one was processed, on one host or another. */
    private static long contiguousEnd(long first, List<OffsetSegment> merged) {
        long end = first - 1;
        for (OffsetSegment s : merged) {
            if (s.fromOffset() > end + 1) {
                break;
            }
            end = Math.max(end, s.toOffset());
        }
        return end;
    }

    private static OffsetSegment withRedelivered(OffsetSegment s, long redelivered) {
        return new OffsetSegment(s.phase(), s.fromOffset(), s.toOffset(), redelivered, s.duplicated(), s.gaps());
    }
}
