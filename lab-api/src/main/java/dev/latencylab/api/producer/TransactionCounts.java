package dev.latencylab.api.producer;

/**
 * A transactional producer's transactions in one phase.
 *
 * @param committed transactions committed
 * @param aborted transactions aborted, on purpose ({@code abortEvery}) or because a commit failed
 * @param abortedRecords records acknowledged in the aborted transactions: written to the log, never
 *     given to a {@code read_committed} consumer
 * @param endingMs time the sender thread spent ending them (a commit, or a flush and an abort), in
 *     which it sent nothing
 */
public record TransactionCounts(long committed, long aborted, long abortedRecords, double endingMs) {

    public static final TransactionCounts NONE = new TransactionCounts(0, 0, 0, 0);

    public TransactionCounts plus(TransactionCounts other) {
        return other == null
                ? this
                : new TransactionCounts(
                        committed + other.committed,
                        aborted + other.aborted,
                        abortedRecords + other.abortedRecords,
                        endingMs + other.endingMs);
    }

    /** Mean time to end one transaction, ms; null when none ended. */
    public Double meanEndingMs() {
        long ended = committed + aborted;
        return ended == 0 ? null : endingMs / ended;
    }
}
