package dev.latencylab.core.sends;

import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.core.latency.HistogramPercentiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One phase's sends: counted by the sender thread, answered on the Kafka client's I/O thread, read
 * by the endpoint. One lock, uncontended in the common case.
 */
public final class PhaseTally {

    private final int phase;
    private final String topic;
    private final Histogram publishDelay = HistogramPercentiles.newMicrosHistogram();
    private long sent;
    private long acked;
    private long failed;
    private long[] ackedByPartition = new long[0];
    private long[] firstOffset = new long[0];
    private long[] lastOffset = new long[0];

    PhaseTally(int phase, String topic) {
        this.phase = phase;
        this.topic = topic;
    }

    public int phase() {
        return phase;
    }

    /** @param publishDelayMicros actual minus intended send time */
    public synchronized void sent(long publishDelayMicros) {
        sent++;
        publishDelay.recordValue(Math.max(0, Math.min(publishDelayMicros, HistogramPercentiles.HIGHEST_MICROS)));
    }

    public synchronized void acked(int partition, long offset) {
        acked++;
        if (partition >= ackedByPartition.length) {
            grow(partition + 1);
        }
        if (ackedByPartition[partition] == 0) {
            firstOffset[partition] = offset;
            lastOffset[partition] = offset;
        } else {
            firstOffset[partition] = Math.min(firstOffset[partition], offset);
            lastOffset[partition] = Math.max(lastOffset[partition], offset);
        }
        ackedByPartition[partition]++;
    }

    public synchronized void failed() {
        failed++;
    }

    public synchronized PhaseSends view() {
        List<PartitionAcks> partitions = new ArrayList<>();
        for (int p = 0; p < ackedByPartition.length; p++) {
            if (ackedByPartition[p] > 0) {
                partitions.add(new PartitionAcks(p, ackedByPartition[p], firstOffset[p], lastOffset[p]));
            }
        }
        return new PhaseSends(phase, topic, sent, acked, failed, HistogramPercentiles.of(publishDelay), partitions);
    }

    private void grow(int size) {
        ackedByPartition = Arrays.copyOf(ackedByPartition, size);
        firstOffset = Arrays.copyOf(firstOffset, size);
        lastOffset = Arrays.copyOf(lastOffset, size);
    }
}
