package dev.latencylab.core.sends;

import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.SenderTime;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.core.cachelines.CacheLinePadding;
import dev.latencylab.core.latency.HistogramPercentiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One phase's sends: counted by the sender thread, answered on the Kafka client's I/O thread, read
 * by the endpoint. Each of the two writers has a side of its own, with its own lock, on cache lines
 * of its own ({@link CacheLinePadding}): the sender and the I/O thread never wait for each other (at
 * the ceiling a shared lock was contended on every record, on the I/O thread every record's
 * progress waits for), nor pull each other's cache line at every record. A view takes both locks,
 * sends first, for one consistent reading.
 */
public final class PhaseTally {

    private final int phase;
    private final String topic;
    /** Made first, its histogram with it: the answers' padding lies between both and the answers. */
    private final Sends sends = new Sends();

    private final Answers answers = new Answers();

    /** What the sender thread writes, under this side's lock. */
    private static final class Sends extends CacheLinePadding {
        private long sent;
        private final Histogram publishDelay = HistogramPercentiles.newMicrosHistogram();
        /** Sender time before this phase's current stretch, and when that stretch began (null: not current). */
        private SenderTime before = SenderTime.ZERO;

        private ThreadClock.Sample enteredAt;
    }

    /**
     * What the Kafka client's I/O thread writes (and a send that failed at once), under this side's
     * lock. The I/O thread is handed this side itself ({@link #answers()}): it never reads the tally,
     * whose line lies next to the sends' lock.
     */
    public static final class Answers extends CacheLinePadding {
        private long acked;
        private long failed;
        private long[] ackedByPartition = new long[0];
        private long[] firstOffset = new long[0];
        private long[] lastOffset = new long[0];
        /** Per partition, the records of aborted transactions. */
        private long[] aborted = new long[0];
        /** Per partition, the highest offset acknowledged outside a transaction still open or aborted (-1: none). */
        private long[] lastCommittedOffset = new long[0];
        /** Null while the phase sends without transactions. */
        private TransactionCounts transactions;

        /** @param inTransaction whether the record is readable at read_committed only once its transaction commits */
        public synchronized void acked(int partition, long offset, boolean inTransaction) {
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
            if (!inTransaction) {
                lastCommittedOffset[partition] = Math.max(lastCommittedOffset[partition], offset);
            }
        }

        public synchronized void failed() {
            failed++;
        }

        /** See {@link PhaseTally#committed}: the transaction's highest offsets become readable at read_committed. */
        synchronized void committed(TransactionAcks tx, long endingNanos) {
            long[] counts = tx.counts();
            long[] highest = tx.highestOffsets();
            grow(Math.max(ackedByPartition.length, counts.length));
            for (int p = 0; p < counts.length; p++) {
                if (counts[p] > 0) {
                    lastCommittedOffset[p] = Math.max(lastCommittedOffset[p], highest[p]);
                }
            }
            transactions = counted().plus(new TransactionCounts(1, 0, 0, endingNanos / 1e6));
        }

        /** See {@link PhaseTally#aborted}. */
        synchronized void aborted(TransactionAcks tx, long endingNanos) {
            long[] counts = tx.counts();
            grow(Math.max(ackedByPartition.length, counts.length));
            long records = 0;
            for (int p = 0; p < counts.length; p++) {
                aborted[p] += counts[p];
                records += counts[p];
            }
            transactions = counted().plus(new TransactionCounts(0, 1, records, endingNanos / 1e6));
        }

        private void grow(int size) {
            int from = lastCommittedOffset.length;
            ackedByPartition = Arrays.copyOf(ackedByPartition, size);
            firstOffset = Arrays.copyOf(firstOffset, size);
            lastOffset = Arrays.copyOf(lastOffset, size);
            aborted = Arrays.copyOf(aborted, size);
            lastCommittedOffset = Arrays.copyOf(lastCommittedOffset, size);
            Arrays.fill(lastCommittedOffset, from, size, -1);
        }

        private TransactionCounts counted() {
            return transactions == null ? TransactionCounts.NONE : transactions;
        }
    }

    PhaseTally(int phase, String topic) {
        this.phase = phase;
        this.topic = topic;
    }

    /** Becomes the phase being sent (again: a phase id can come back). */
    void enter(ThreadClock.Sample now) {
        synchronized (sends) {
            sends.enteredAt = now;
        }
    }

    /** Another phase is being sent from now on. */
    void leave(ThreadClock.Sample now) {
        synchronized (sends) {
            if (sends.enteredAt != null) {
                sends.before = sends.before.plus(sends.enteredAt.until(now));
                sends.enteredAt = null;
            }
        }
    }

    public int phase() {
        return phase;
    }

    /** A record sent unthrottled: counted, with no publish delay (it is intended when it is sent). */
    public void sentUnpaced() {
        synchronized (sends) {
            sends.sent++;
        }
    }

    /** @param publishDelayMicros actual minus intended send time */
    public void sent(long publishDelayMicros) {
        synchronized (sends) {
            sends.sent++;
            sends.publishDelay.recordValue(
                    Math.max(0, Math.min(publishDelayMicros, HistogramPercentiles.HIGHEST_MICROS)));
        }
    }

    public void acked(int partition, long offset) {
        acked(partition, offset, false);
    }

    /** @param inTransaction whether the record is readable at read_committed only once its transaction commits */
    public void acked(int partition, long offset, boolean inTransaction) {
        answers.acked(partition, offset, inTransaction);
    }

    /** This phase's answers, for the thread that answers its records. */
    public Answers answers() {
        return answers;
    }

    /**
     * A transaction of this phase was committed: its records are readable at read_committed. Call it
     * once every record of the transaction has its answer.
     *
     * @param endingNanos how long the commit took the sender thread
     */
    public void committed(TransactionAcks tx, long endingNanos) {
        answers.committed(tx, endingNanos);
    }

    /** A transaction of this phase was aborted: its acknowledged records are never given at read_committed. */
    public void aborted(TransactionAcks tx, long endingNanos) {
        answers.aborted(tx, endingNanos);
    }

    public void failed() {
        answers.failed();
    }

    /** @param now the sender's clock now, for a phase that is still the current one */
    PhaseSends view(ThreadClock.Sample now) {
        synchronized (sends) {
            synchronized (answers) {
                return viewLocked(now);
            }
        }
    }

    private PhaseSends viewLocked(ThreadClock.Sample now) {
        List<PartitionAcks> partitions = new ArrayList<>();
        for (int p = 0; p < answers.ackedByPartition.length; p++) {
            if (answers.ackedByPartition[p] > 0) {
                partitions.add(
                        answers.transactions == null
                                ? new PartitionAcks(
                                        p, answers.ackedByPartition[p], answers.firstOffset[p], answers.lastOffset[p])
                                : new PartitionAcks(
                                        p,
                                        answers.ackedByPartition[p],
                                        answers.firstOffset[p],
                                        answers.lastOffset[p],
                                        answers.aborted[p],
                                        answers.lastCommittedOffset[p]));
            }
        }
        // A phase entered again after 'now' was read has no time in this view yet.
        SenderTime time = sends.enteredAt == null || sends.enteredAt.atNanos() > now.atNanos()
                ? sends.before
                : sends.before.plus(sends.enteredAt.until(now));
        return new PhaseSends(
                phase,
                topic,
                sends.sent,
                answers.acked,
                answers.failed,
                HistogramPercentiles.of(sends.publishDelay),
                partitions,
                time.seconds() > 0 ? time : null,
                answers.transactions);
    }
}
