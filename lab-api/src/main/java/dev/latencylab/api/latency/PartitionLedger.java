package dev.latencylab.api.latency;

import java.util.List;

/**
 * What the consumer group has processed of one partition since the ledger was cleared.
 *
 * @param firstOffset the first offset processed: records below it were never going to be read
 * @param highestOffset the highest offset processed: every offset up to it has been, once or more
 */
public record PartitionLedger(int partition, long firstOffset, long highestOffset, List<OffsetSegment> segments) {

    public PartitionLedger {
        segments = segments == null ? List.of() : List.copyOf(segments);
    }
}
