package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.OffsetSegment;
import dev.latencylab.api.latency.PartitionLedger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The ledgers of the two kinds of group an app can read as: its consumer group's and its share
 * group's, one per topic each. The two read one after the other, each starting where the other
 * stopped, so a topic's view is both merged: a phase read partly by each is counted whole. Not
 * thread-safe: the recorder's lock guards it.
 */
public final class GroupLedgers {

    private final OffsetLedgers consumerGroup;
    private final OffsetLedgers shareGroup;

    public GroupLedgers(OffsetLedgers consumerGroup, OffsetLedgers shareGroup) {
        this.consumerGroup = consumerGroup;
        this.shareGroup = shareGroup;
    }

    /** A consumer group's ledgers, with share ledgers of this process alone (tests, benchmarks). */
    public static GroupLedgers of(OffsetLedgers consumerGroup) {
        return new GroupLedgers(consumerGroup, OffsetLedgers.sharedInMemory());
    }

    /**
     * Records that the record at {@code offset} was processed, by a share consumer when {@code shared}:
     * true the first time. A record the consumer group reads that the share group processed before it
     * (the share group left records above its in-order point behind when the app switched back) is
     * processed again; one it had not is also settled in the share ledger, so the two together say
     * how far every offset was processed.
     */
    public boolean deliver(String topic, boolean shared, int partition, long offset, int phase) {
        if (shared) {
            return shareGroup.forTopic(topic).deliver(partition, offset, phase);
        }
        GroupLedger consumers = consumerGroup.forTopic(topic);
        ShareLedger share = startedShare(topic, partition);
        if (share != null && offset > consumers.highestOffset(partition)) {
            if (share.processed(partition, offset)) {
                return share.deliver(partition, offset, phase); // counted again where it was counted
            }
            share.pass(partition, offset);
        }
        return consumers.deliver(partition, offset, phase);
    }

    /** A share consumer was given no record of the lab's at {@code offset}: see {@link ShareLedger#pass}. */
    public void passShared(String topic, int partition, long offset) {
        share(topic).pass(partition, offset);
    }

    /** See {@link GroupLedger#duplicate}. */
    public void duplicate(String topic, boolean shared, int partition, long offset) {
        (shared ? shareGroup : consumerGroup).forTopic(topic).duplicate(partition, offset);
    }

    /** See {@link OffsetLedgers#assigned}: the consumer group's, for a partition it was assigned. */
    public boolean assigned(String topic, int partition, long logEndOffset, long position) {
        return consumerGroup.assigned(topic, partition, logEndOffset, position);
    }

    /** See {@link OffsetLedgers#revoked}: the consumer group's. */
    public void revoked(String topic, int partition) {
        consumerGroup.revoked(topic, partition);
    }

    /**
     * Where the share group is to read {@code partition} from when the app starts reading as one: the
     * offset after the last one the consumer group processed, so that nothing falls between the two
     * groups, or the log's end when the consumer group never read the partition. Empty when {@code
     * continuing} (the app restarted while reading as a share group) and the share ledger holds the
     * partition: the share group goes on from where it was. Nothing changes until {@link #startShared}.
     */
    public OptionalLong shareStart(String topic, int partition, long logEndOffset, boolean continuing) {
        ShareLedger share = share(topic);
        share.forgetIfBeyond(partition, logEndOffset);
        if (continuing && share.started(partition)) {
            return OptionalLong.empty();
        }
        long consumed = consumerGroup.forTopic(topic).highestOffset(partition);
        return OptionalLong.of(consumed >= 0 ? Math.min(consumed + 1, logEndOffset) : logEndOffset);
    }

    /** The share group reads {@code partition} from {@code start} on (set on the brokers first). */
    public void startShared(String topic, int partition, long start) {
        share(topic).startAt(partition, start);
    }

    /**
     * Where the consumer group is to read {@code partition} from when the app reads as one again: after
     * every offset the share group processed in order. Empty when the share group never read it.
     */
    public OptionalLong resumeConsumerGroup(String topic, int partition) {
        ShareLedger share = share(topic);
        // The watermark alone: a view would read every slot above it for each segment's count.
        return share.started(partition) ? OptionalLong.of(share.highestOffset(partition) + 1) : OptionalLong.empty();
    }

    public void release(int throughPhase) {
        consumerGroup.release(throughPhase);
        shareGroup.release(throughPhase);
    }

    public void forget(String topic) {
        consumerGroup.forget(topic);
        shareGroup.forgetIfOpen(topic); // not opened (and locked) for a topic no share group read
    }

    private ShareLedger share(String topic) {
        if (!(shareGroup.forTopic(topic) instanceof ShareLedger share)) {
            throw new IllegalStateException("the share group's ledger of " + topic + " is not a share ledger");
        }
        return share;
    }

    /**
     * The share ledger of a partition a share group started reading, or null. Asked per record the
     * consumer group reads: with no share ledger open (no share group ever read here) nothing is looked up.
     */
    private ShareLedger startedShare(String topic, int partition) {
        if (shareGroup.noneOpen()) {
            return null;
        }
        return shareGroup.ifOpen(topic).orElse(null) instanceof ShareLedger s && s.started(partition) ? s : null;
    }

    public void clear() {
        consumerGroup.clear();
        shareGroup.clear();
    }

    /** Each topic's view: the consumer group's and the share group's, merged partition by partition. */
    public List<LedgerView> views() {
        Map<String, LedgerView> byTopic = new TreeMap<>();
        List<LedgerView> shareViews = shareGroup.views();
        // The consumer group's ledger of a topic the share group reads, though this process read none of
        // it as the consumer group (it restarted as the share group): what it holds is the same phases'.
        shareViews.forEach(v -> consumerGroup.forTopic(v.topic()));
        for (LedgerView view : consumerGroup.views()) {
            byTopic.put(view.topic(), view);
        }
        for (LedgerView share : shareViews) {
            byTopic.merge(share.topic(), share, GroupLedgers::merge);
        }
        return new ArrayList<>(byTopic.values());
    }

    private static LedgerView merge(LedgerView consumers, LedgerView share) {
        Map<Integer, PartitionLedger> partitions = new TreeMap<>();
        consumers.partitions().forEach(p -> partitions.put(p.partition(), p));
        share.partitions().forEach(p -> partitions.merge(p.partition(), p, GroupLedgers::merge));
        return new LedgerView(
                consumers.topic(),
                consumers.ledgerId(),
                consumers.limitHit() != null ? consumers.limitHit() : share.limitHit(),
                consumers.redeliveredBeforeStart() + share.redeliveredBeforeStart(),
                new ArrayList<>(partitions.values()));
    }

    /** Every offset up to the higher of the two highest ones was processed: each group started where the other stopped. */
    private static PartitionLedger merge(PartitionLedger a, PartitionLedger b) {
        List<OffsetSegment> segments = new ArrayList<>(a.segments());
        segments.addAll(b.segments());
        segments.sort(Comparator.comparingLong(OffsetSegment::fromOffset));
        return new PartitionLedger(
                a.partition(),
                Math.min(a.firstOffset(), b.firstOffset()),
                Math.max(a.highestOffset(), b.highestOffset()),
                segments);
    }
}
