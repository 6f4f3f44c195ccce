package dev.latencylab.producer.load;

import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.TransactionAcks;

/**
 * The transaction the sender thread has open: its phase, its records' acknowledgements, when it
 * began, and whether it is one to abort on purpose. Its records are stamped with the identity of
 * its outcome ({@link RecordSender}), so a consumer at read_committed sees no gap in the sequence
 * numbers of the records it is given.
 */
record OpenTransaction(PhaseTally phase, TransactionAcks acks, long beganNanos, boolean abortPlanned) {

    long dueAtNanos(int transactionMs) {
        return beganNanos + transactionMs * 1_000_000L;
    }
}
