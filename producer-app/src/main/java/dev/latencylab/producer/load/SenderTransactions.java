package dev.latencylab.producer.load;

import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.TransactionAcks;
import java.util.UUID;
import java.util.function.LongConsumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.errors.TimeoutException;
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
     * producer's own; one at read_uncommitted sees both identities whole. A new one each time the
     * phase changes: a phase read at read_committed between two read at read_uncommitted would
     * otherwise be a gap in it, which the consumer would count lost.
     */
    private UUID abortedId = UUID.randomUUID();

    /** The phase of the last transaction begun: {@link #abortedId} stamps that stretch's aborted records. */
    private PhaseTally abortedFor;

    private static final int COMMIT_ATTEMPTS = 3;

    private long nextAbortedSequence;
    private OpenTransaction open;
    /** A transaction {@link #end} could not end, until its producer is replaced. */
    private OpenTransaction failing;

    private long failingSince;
    private long begun;
    private long failed;

    /** Given a committed transaction's highest sequence number: its records are now the consumer's to read. */
    private final LongConsumer committedUpTo;

    SenderTransactions(LongConsumer committedUpTo) {
        this.committedUpTo = committedUpTo;
    }

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
            boolean abort = abortEvery > 0 && begun % abortEvery == 0;
            if (phase != abortedFor) {
                // Each stretch of a phase its own: a phase id can come back (0, between named phases).
                abortedId = UUID.randomUUID();
                nextAbortedSequence = 0;
                abortedFor = phase;
            }
            open = new OpenTransaction(phase, new TransactionAcks(), System.nanoTime(), abort);
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
     * log holds). A commit that times out is tried again (its outcome is unknown until one answers).
     * False when the transaction could not be ended: the caller replaces the producer (its successor
     * aborts the transaction) and then has it counted ({@link #countFailed}).
     */
    boolean end(Producer<byte[], byte[]> producer) {
        OpenTransaction tx = open;
        long from = System.nanoTime();
        try {
            if (tx.abortPlanned()) {
                producer.flush();
                producer.abortTransaction();
                tx.phase().aborted(tx.acks(), System.nanoTime() - from);
            } else {
                commit(producer);
                tx.phase().committed(tx.acks(), System.nanoTime() - from);
                committedUpTo.accept(tx.acks().highestSequence());
            }
            open = null;
            return true;
        } catch (RuntimeException e) {
            failing = tx;
            failingSince = from;
            open = null;
            failed++;
            if (Long.bitCount(failed) == 1) { // 1st, 2nd, 4th... failure: visible without flooding the log
                log.warn(
                        "A transaction could not be {} ({} so far); the producer is replaced and the transaction"
                                + " aborted",
                        tx.abortPlanned() ? "aborted" : "committed",
                        failed,
                        e);
            }
            return false;
        }
    }

    /**
     * Counts the transaction {@link #end} could not end as aborted, once its producer was closed (so
     * every record of it has its answer) and replaced (which aborts it, unless a commit that timed
     * out had reached the coordinator: then the successor completes that commit, and its records
     * show as stored despite failure at read_committed). Its records carry the producer's own
     * identity: a read_committed consumer sees a gap in its sequence numbers there.
     */
    void countFailed() {
        OpenTransaction tx = failing;
        if (tx != null) {
            failing = null;
            tx.phase().aborted(tx.acks(), System.nanoTime() - failingSince);
        }
    }

    private static void commit(Producer<byte[], byte[]> producer) {
        for (int attempt = 1; ; attempt++) {
            try {
                producer.commitTransaction();
                return;
            } catch (TimeoutException e) {
                if (attempt == COMMIT_ATTEMPTS) {
                    throw e;
                }
                log.warn("Commit timed out (attempt {} of {}); trying again", attempt, COMMIT_ATTEMPTS);
            }
        }
    }
}
