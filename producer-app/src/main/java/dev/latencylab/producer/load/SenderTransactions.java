package dev.latencylab.producer.load;

import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.TransactionAcks;
import java.util.UUID;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sender thread's transactions: begun on a record's send, ended (committed, or aborted when it
 * is every {@code abortEvery}-th) once open for the phase's {@code transactionMs}, at a change of
 * settings or phase, and at a stop. Each transaction's acknowledged records go to its phase as
 * committed or aborted, so the accounting expects of a read_committed consumer only what it can be
 * given. The sender thread's alone.
 */
final class SenderTransactions {

    private static final Logger log = LoggerFactory.getLogger(SenderTransactions.class);

    /**
     * The identity records of a transaction aborted on purpose are stamped with, with its own
     * sequence numbers: a consumer at read_committed is never given them and sees no gap in the
     * producer's own; one at read_uncommitted sees both identities whole.
     */
    private final UUID abortedId = UUID.randomUUID();

    private long nextAbortedSequence;
    private OpenTransaction open;
    private long begun;
    private long failed;

    UUID abortedId() {
        return abortedId;
    }

    long nextAbortedSequence() {
        return nextAbortedSequence++;
    }

    boolean open() {
        return open != null;
    }

    /** The transaction records of {@code phase} go in now: the open one, or one begun on {@code producer}. */
    OpenTransaction openFor(Producer<byte[], byte[]> producer, PhaseTally phase, int abortEvery) {
        if (open == null) {
            producer.beginTransaction();
            begun++;
            open = new OpenTransaction(
                    phase, new TransactionAcks(), System.nanoTime(), abortEvery > 0 && begun % abortEvery == 0);
        }
        return open;
    }

    /** When the open transaction is due to end (nanoTime), Long.MAX_VALUE when none is open. */
    long dueNanos(int transactionMs) {
        return open == null ? Long.MAX_VALUE : open.dueAtNanos(transactionMs);
    }

    /**
     * Commits the open transaction on {@code producer}, or aborts it when it is one to abort (after a
     * flush, so every record of it is written and acknowledged first: the abort withholds records the
     * log holds). A commit that fails is aborted: its acknowledged records are counted aborted, not
     * lost. False when the producer is unusable (fenced, say) and must be replaced.
     */
    boolean end(Producer<byte[], byte[]> producer) {
        OpenTransaction tx = open;
        open = null;
        long from = System.nanoTime();
        try {
            if (tx.abortPlanned()) {
                producer.flush();
                producer.abortTransaction();
                tx.phase().aborted(tx.acks(), System.nanoTime() - from);
            } else {
                producer.commitTransaction();
                tx.phase().committed(tx.acks(), System.nanoTime() - from);
            }
            return true;
        } catch (KafkaException e) {
            failed++;
            if (Long.bitCount(failed) == 1) { // 1st, 2nd, 4th... failure: visible without flooding the log
                log.warn(
                        "A transaction could not be {} ({} so far); it is aborted",
                        tx.abortPlanned() ? "aborted" : "committed",
                        failed,
                        e);
            }
            boolean usable = true;
            try {
                producer.abortTransaction();
            } catch (KafkaException fatal) {
                // Fenced or otherwise unusable: the coordinator aborts the transaction itself.
                usable = false;
            }
            tx.phase().aborted(tx.acks(), System.nanoTime() - from);
            return usable;
        }
    }
}
