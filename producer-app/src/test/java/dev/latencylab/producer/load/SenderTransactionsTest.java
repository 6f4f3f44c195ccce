package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.TransactionCounts;
import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.SendLog;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/** How the sender's transactions end, against Kafka's own MockProducer (the broker side is TransactionsIT's). */
class SenderTransactionsTest {

    private final SendLog log = new SendLog();
    private final PhaseTally phase = log.phase(5, "lab.orders");
    private final SenderTransactions transactions = new SenderTransactions(sequence -> {});

    private static MockProducer<byte[], byte[]> producer() {
        MockProducer<byte[], byte[]> p =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        p.initTransactions();
        return p;
    }

    private PhaseSends sends() {
        return log.view().get(0);
    }

    @Test
    void aPlannedAbortFlushesFirstSoItsRecordsAreWrittenAndAnsweredBeforeTheAbort() {
        boolean[] answeredBeforeAbort = {false};
        java.util.concurrent.Future<?>[] sent = {null};
        MockProducer<byte[], byte[]> p =
                new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer()) {
                    @Override
                    public void abortTransaction() {
                        answeredBeforeAbort[0] = sent[0].isDone();
                        super.abortTransaction();
                    }
                };
        p.initTransactions();
        transactions.openFor(p, phase, 1);
        sent[0] = p.send(new org.apache.kafka.clients.producer.ProducerRecord<>("lab.orders", new byte[] {1}));

        assertThat(transactions.end(p)).isTrue();
        assertThat(answeredBeforeAbort[0]).isTrue();
        assertThat(p.transactionAborted()).isTrue();
    }

    @Test
    void everyNthTransactionIsAbortedAfterAFlushAndTheRestCommitted() {
        MockProducer<byte[], byte[]> p = producer();
        for (int i = 0; i < 6; i++) {
            OpenTransaction tx = transactions.openFor(p, phase, 3);
            tx.acks().acked(0, 10L * i, -1);
            phase.acked(0, 10L * i, true);
            assertThat(transactions.end(p)).isTrue();
        }
        TransactionCounts t = sends().transactions();
        assertThat(t.committed()).isEqualTo(4);
        assertThat(t.aborted()).isEqualTo(2);
        assertThat(t.abortedRecords()).isEqualTo(2);
        assertThat(transactions.open()).isFalse();
    }

    @Test
    void aCommitThatTimesOutIsTriedAgainAndCountsCommittedWhenARetryAnswers() {
        int[] calls = {0};
        MockProducer<byte[], byte[]> p =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer()) {
                    @Override
                    public void commitTransaction() {
                        if (calls[0]++ == 0) {
                            throw new TimeoutException("no answer in time");
                        }
                        super.commitTransaction();
                    }
                };
        p.initTransactions();
        transactions.openFor(p, phase, 0).acks().acked(1, 7, -1);

        assertThat(transactions.end(p)).isTrue();
        assertThat(calls[0]).isEqualTo(2);
        assertThat(sends().transactions())
                .isEqualTo(new TransactionCounts(1, 0, 0, sends().transactions().endingMs()));
    }

    @Test
    void aCommitThatFailsIsCountedAbortedOnlyOnceTheProducerWasReplaced() {
        MockProducer<byte[], byte[]> p = producer();
        p.commitTransactionException = new KafkaException("the transaction coordinator refused");
        OpenTransaction tx = transactions.openFor(p, phase, 0);
        tx.acks().acked(2, 40, -1);
        tx.acks().acked(2, 41, -1);

        assertThat(transactions.end(p)).isFalse();
        assertThat(transactions.open()).isFalse();
        // Until the caller has closed and replaced the producer, late answers may still come: nothing counted yet.
        assertThat(sends().transactions()).isNull();

        transactions.countFailed();
        assertThat(sends().transactions().aborted()).isEqualTo(1);
        assertThat(sends().transactions().abortedRecords()).isEqualTo(2);
        transactions.countFailed(); // once only
        assertThat(sends().transactions().aborted()).isEqualTo(1);
    }

    @Test
    void aPlannedAbortsRecordsTakeAnIdentityOfTheirPhaseWithItsOwnSequenceNumbers() {
        MockProducer<byte[], byte[]> p = producer();
        transactions.openFor(p, phase, 1);
        java.util.UUID first = transactions.abortedId();
        assertThat(transactions.nextAbortedSequence()).isZero();
        assertThat(transactions.nextAbortedSequence()).isEqualTo(1);
        transactions.end(p);
        transactions.openFor(p, phase, 1);
        assertThat(transactions.abortedId()).isEqualTo(first);
        assertThat(transactions.nextAbortedSequence()).isEqualTo(2);
        transactions.end(p);

        // Another phase, perhaps read at another isolation level: a new identity, from sequence 0.
        transactions.openFor(p, log.phase(6, "lab.orders"), 1);
        assertThat(transactions.abortedId()).isNotEqualTo(first);
        assertThat(transactions.nextAbortedSequence()).isZero();
    }

    /**
     * Only a commit makes a transaction's records the consumer's to read: its highest sequence number
     * is then the highest acknowledged one a drain waits for; an abort, planned or failed, gives none.
     */
    @Test
    void aCommitGivesItsHighestSequenceNumberAndNoAbortDoes() {
        java.util.List<Long> given = new java.util.ArrayList<>();
        SenderTransactions withDrainFigure = new SenderTransactions(given::add);
        MockProducer<byte[], byte[]> p = producer();
        OpenTransaction committed = withDrainFigure.openFor(p, phase, 0);
        committed.acks().acked(0, 10, 41);
        committed.acks().acked(1, 11, 40);
        assertThat(withDrainFigure.end(p)).isTrue();

        OpenTransaction planned = withDrainFigure.openFor(p, phase, 1);
        planned.acks().acked(0, 12, -1); // stamped with the aborted identity: none of the producer's own numbers
        assertThat(withDrainFigure.end(p)).isTrue();

        p.commitTransactionException = new KafkaException("the transaction coordinator refused");
        OpenTransaction failing = withDrainFigure.openFor(p, phase, 0);
        failing.acks().acked(0, 13, 42);
        assertThat(withDrainFigure.end(p)).isFalse();

        assertThat(given).containsExactly(41L);
    }
}
