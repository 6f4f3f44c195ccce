package dev.latencylab.core.sends;

import java.util.Arrays;

/**
 * The acknowledged records of one open transaction, per partition: what its commit makes readable
 * at {@code read_committed}, or its abort withholds. Written on the Kafka client's I/O thread, read
 * by the sender thread once the transaction's records all have their answers (a commit or an
 * abort follows a flush), so it is guarded by its own lock.
 */
public final class TransactionAcks {

    private long[] count = new long[0];
    private long[] highest = new long[0];

    /** The highest lab sequence number among them, -1 for none: what its commit makes the consumer's to read. */
    private long highestSequence = -1;

    /** @param sequence the record's lab sequence number, -1 when it has none (no header, or one to abort) */
    public synchronized void acked(int partition, long offset, long sequence) {
        highestSequence = Math.max(highestSequence, sequence);
        if (partition >= count.length) {
            count = Arrays.copyOf(count, partition + 1);
            highest = Arrays.copyOf(highest, partition + 1);
        }
        highest[partition] = count[partition] == 0 ? offset : Math.max(highest[partition], offset);
        count[partition]++;
    }

    public synchronized long highestSequence() {
        return highestSequence;
    }

    synchronized long[] counts() {
        return count.clone();
    }

    synchronized long[] highestOffsets() {
        return highest.clone();
    }
}
