package dev.latencylab.producer.load;

import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.core.cachelines.PaddedCounter;
import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.payload.OrderEvent;
import dev.latencylab.core.payload.OrderEventGenerator;
import dev.latencylab.core.payload.PayloadPlan;
import dev.latencylab.core.schedule.OpenLoopSchedule;
import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.producer.selftest.DuplicatedRecords;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands the sender thread's records to the Kafka producer and counts their answers; makes and
 * replaces that producer, on the sender thread.
 *
 * <p>Records go to the Kafka producer itself with a plain callback, not through spring-kafka's
 * {@code KafkaTemplate}: the template's per-record observation scope, Micrometer timer sample,
 * future and trace-level checks cost the sender thread about a quarter of its time at the
 * ceiling (docs/benchmarks.md, "The producer's ceiling"), for nothing the lab reads; and to a
 * producer the lab made ({@link LabProducers}), not spring-kafka's wrapper of one.
 */
final class RecordSender {

    private static final Logger log = LoggerFactory.getLogger(RecordSender.class);
    /** No clock read to reuse: {@link #send} reads its own. */
    static final long NOT_READ = Long.MIN_VALUE;

    /** Makes and closes the Kafka producers, with the factory's configs. */
    private final LabProducers producers;
    /** Made and replaced by the sender thread, read under clientTotals' lock: no retries are counted twice. */
    private volatile Producer<byte[], byte[]> producer;
    /**
     * Set on a failure the producer cannot go on from (a transaction's, an out-of-order sequence): the
     * sender thread closes it and makes another before its next send.
     */
    private volatile boolean replace;

    private final UUID producerId;
    private final OrderEventGenerator events;
    private final OpenLoopSchedule schedule;
    private final LoadMetrics metrics;
    /** The publish delay and ack latency histograms, read at scrape time. */
    private final SenderHistograms histograms;

    private final DuplicatedRecords selfTestDuplicates;
    /** The topics the current Kafka producer was started on, by ID; the sender thread's. */
    private final TopicIdentities topicIds = new TopicIdentities();

    /** Written for every record by the sender, beside the acked count the I/O thread writes: padded, or the two pull one line to and fro. */
    private final PaddedCounter sent = new PaddedCounter();

    /** Raised by the I/O thread of one producer at a time: see {@link SenderHistograms#ackLatency}. */
    private final PaddedCounter acked = new PaddedCounter();
    /** The highest sequence number acknowledged: where a drain stops waiting when the last sends failed. */
    private final PaddedCounter lastAckedSequence = new PaddedCounter();

    private final AtomicLong failed = new AtomicLong();
    /** Kafka client counters summed over every producer this app made (settings changes replace it). */
    private final ClientTotals clientTotals = new ClientTotals();

    /** The next stamped record's sequence number: records sent without the header take none. */
    private final PaddedCounter nextSequence = new PaddedCounter();

    /** A committed transaction raises the highest sequence acknowledged: an aborted one's records are never read. */
    private final SenderTransactions transactions = new SenderTransactions(lastAckedSequence::raiseTo);
    /** Whether the producer in use (or made next) is transactional; written by the sender thread. */
    private volatile boolean transactional;

    /**
     * @param state what the sender works to, for the metrics' gauges
     * @param generation how many changes were applied, for the metrics
     */
    RecordSender(
            LabProducers producers,
            UUID producerId,
            OpenLoopSchedule schedule,
            DuplicatedRecords selfTestDuplicates,
            MeterRegistry registry,
            SenderHistograms histograms,
            Supplier<LoadState> state,
            Supplier<Long> generation) {
        this.producers = producers;
        this.producerId = producerId;
        this.events =
                new OrderEventGenerator(producerId.toString().substring(0, 8), producerId.getLeastSignificantBits());
        this.schedule = schedule;
        this.selfTestDuplicates = selfTestDuplicates;
        this.histograms = histograms;
        this.metrics = new LoadMetrics(registry, state, generation, sent::get, acked::get, failed::get);
        this.transactional = state.get().settings().transactional();
        this.lastAckedSequence.set(-1);
    }

    SenderCounters counters() {
        long s = sent.get();
        synchronized (clientTotals) {
            // The acknowledged count before the highest acknowledged: see Acknowledgement.
            return clientTotals.counters(
                    producer, s, acked.get(), failed.get(), nextSequence.get() - 1, lastAckedSequence.get());
        }
    }

    /**
     * Sends the next record, due at {@code dueNanos} (nanoTime; unread when unthrottled), found due by
     * the loop's clock read {@code readNanos} ({@link #NOT_READ}: none), which is the send time of a
     * value made beforehand outside a transaction: its building (a key at most) takes well under the
     * microsecond delays are kept in, and a second read was one more than ProducerPerformance makes.
     */
    void send(LoadState current, PayloadPlan plan, PhaseTally phase, long dueNanos, long readNanos) {
        boolean throttled = !current.settings().unthrottled();
        long count = sent.get();
        // The order's own creation time, a payload field: not a measurement, so read only for a value that has it.
        OrderEvent event = events.next(count, plan.writesCreationTime() ? EpochMicros.now() : 0, plan);
        OpenTransaction tx;
        try {
            tx = current.settings().transactional()
                    ? transactions.openFor(producer(), phase, current.settings().abortEvery())
                    : null;
        } catch (RuntimeException e) {
            // No transaction, no send: the record is counted failed, its slot on the schedule used.
            if (throttled) {
                schedule.advance();
            }
            sent.set(count + 1);
            if (throttled) {
                phase.sent(Math.max(0, System.nanoTime() - dueNanos) / 1_000);
            } else {
                phase.sentUnpaced();
            }
            onFailure(-1, phase.answers(), e);
            replace = true;
            return;
        }
        boolean aside = tx != null && tx.abortPlanned();
        // The send time is read once a value made here is built and its transaction open, right before its
        // header is encoded and send() is called: building a record is the sender's own work, so it falls
        // in the publish delay (actual minus intended), not in the e2e latency from the send.
        long sendNanos =
                readNanos != NOT_READ && tx == null && !plan.writesCreationTime() ? readNanos : System.nanoTime();
        long lateNanos = throttled ? Math.max(0, sendNanos - dueNanos) : 0;
        long sequence = -1;
        RecordHeaders headers = null;
        if (current.header()) {
            // The wall clock at the send, for the header alone: a record without one needs no second clock read.
            long sentMicros = EpochMicros.now();
            // Only stamped records take a sequence number: the consumer sees no gap where unstamped ones went.
            sequence = aside ? transactions.nextAbortedSequence() : nextSequence.takeNext();
            long intendedMicros = sentMicros - lateNanos / 1_000;
            headers = headers(LabHeader.encode(new RecordStamp(
                    intendedMicros,
                    sentMicros,
                    sequence,
                    aside ? transactions.abortedId() : producerId,
                    current.phase())));
        }
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>(current.topic(), null, event.key(), event.value(), headers);
        long lateMicros = lateNanos / 1_000;
        if (throttled) {
            schedule.advance();
            histograms.publishDelay.recordMicros(lateMicros);
            phase.sent(lateMicros);
        } else {
            // Unthrottled records are intended when sent: their delay is 0 by definition, not a measurement.
            phase.sentUnpaced();
        }
        sent.set(count + 1);
        try {
            producer().send(record, new Acknowledgement(phase.answers(), tx, sequence, sendNanos));
        } catch (RuntimeException e) {
            onFailure(sequence, phase.answers(), e);
            return;
        }
        if (selfTestDuplicates.writeAgain()) {
            writeAgain(record);
        }
    }

    /** The copy a lost answer's retry would write: counted by nobody here, its failure the original's no more. */
    private void writeAgain(ProducerRecord<byte[], byte[]> record) {
        try {
            producer().send(record);
        } catch (RuntimeException e) {
            log.warn("Self-test: writing record {} again failed: {}", record, e.toString());
        }
    }

    /**
     * The record's headers, in an array of exactly one: Kafka keeps them until the answer (about 80,000
     * records at the ceiling), and copied from a List each kept a ten-slot array (docs/benchmarks.md, "GC").
     */
    private static RecordHeaders headers(byte[] header) {
        return new RecordHeaders(new Header[] {new RecordHeader(LabHeader.KEY, header)});
    }

    private Producer<byte[], byte[]> producer() {
        Producer<byte[], byte[]> p = producer;
        if (p == null || replace) {
            if (p != null) {
                // Closed before its successor is made: it answers nothing once that one sends. A transactional
                // successor (the same transactional.id) fences it and aborts what it left open.
                retire(p);
                topicIds.newClient();
            }
            // Cleared once the old one is closed: its other records' failures, answered while it closed, are its own.
            replace = false;
            p = producers.create(transactional);
            producer = p;
        }
        return p;
    }

    /** Counts {@code p}'s client totals in and closes it: records it holds are answered first. */
    private void retire(Producer<byte[], byte[]> p) {
        synchronized (clientTotals) {
            clientTotals.retire(p.metrics());
            producer = null;
        }
        producers.close(p);
    }

    /** A record's answer, on the Kafka client's I/O thread every record's progress waits for: counts, one histogram. */
    private final class Acknowledgement implements Callback {
        private final PhaseTally.Answers answers;
        /** The record's transaction, null when it was sent without one. */
        private final OpenTransaction tx;

        private final long sequence;
        private final long sendNanos;

        Acknowledgement(PhaseTally.Answers answers, OpenTransaction tx, long sequence, long sendNanos) {
            this.answers = answers;
            this.tx = tx;
            this.sequence = sequence;
            this.sendNanos = sendNanos;
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception error) {
            if (error == null) {
                answers.acked(metadata.partition(), metadata.offset(), tx != null);
                if (tx == null) {
                    // Before the count: a reader that sees every send answered sees the highest acknowledged too.
                    if (sequence >= 0) {
                        lastAckedSequence.raiseTo(sequence);
                    }
                } else {
                    // Raised at its commit: a read_committed consumer never reads an aborted one's records.
                    tx.acks().acked(metadata.partition(), metadata.offset(), tx.abortPlanned() ? -1 : sequence);
                }
                acked.addOne();
                histograms.ackLatency.recordMicros((System.nanoTime() - sendNanos) / 1_000);
            } else {
                onFailure(sequence, answers, error);
            }
        }
    }

    private void onFailure(long sequence, PhaseTally.Answers answers, Throwable error) {
        if (!transactional && error instanceof OutOfOrderSequenceException) {
            // Its idempotent state is lost (as spring-kafka's producers closed themselves on it). A transaction's
            // failed send fails its commit instead, and the abort that follows is the same producer's.
            replace = true;
        }
        answers.failed();
        long n = failed.incrementAndGet();
        if (Long.bitCount(n) == 1) { // 1st, 2nd, 4th, 8th... failure: visible without flooding the log
            log.warn(
                    "Send of record {} failed ({} failures so far)",
                    sequence < 0 ? "without header" : sequence,
                    n,
                    error);
        }
    }

    /** The phase info series names {@code s}'s phase from now on. */
    void showPhase(LoadState s) {
        metrics.showPhase(s);
    }

    /** For a stop of the load: the change completes once every record sent has its answer. */
    void flush() {
        endTransaction();
        producer().flush();
    }

    /** For the app's shutdown, after the sender thread: makes no producer, as only that thread may. */
    void flushIfMade() {
        Producer<byte[], byte[]> p = producer;
        if (p == null) {
            return;
        }
        boolean ended = !transactions.open() || transactions.end(p);
        if (ended) {
            p.flush();
        }
        // The lab made it, so the lab closes it; a transaction that could not be ended is aborted by the
        // coordinator once the producer's transaction times out.
        retire(p);
        if (transactional) {
            transactions.countFailed();
        }
    }

    /** When the open transaction is due to end (nanoTime), or Long.MAX_VALUE when none is open. */
    long transactionDueNanos(int transactionMs) {
        return transactions.dueNanos(transactionMs);
    }

    /** Ends the open transaction once it has been open for {@code transactionMs}. */
    void endTransactionIfDue(int transactionMs) {
        // Asked before every send: the clock is read only while a transaction is open.
        if (transactions.open() && transactions.dueNanos(transactionMs) <= System.nanoTime()) {
            endTransaction();
        }
    }

    /**
     * Ends the open transaction, if any. One that could not be ended replaces the producer at once:
     * the old one is closed (its records' answers arrive before its transaction is counted aborted)
     * and its successor, of the same transactional.id, aborts what it left open.
     */
    void endTransaction() {
        if (transactions.open() && !transactions.end(producer())) {
            replace = true;
            try {
                producer();
            } finally {
                transactions.countFailed();
            }
        }
    }

    /**
     * A new producer for a change that needs one: new client settings, or a topic deleted and created
     * again since this client wrote to it.
     *
     * @param topicId the ID of the change's topic, when the caller looked it up; else null
     */
    void prepareFor(LoadState before, LoadState after, SettingsChange change, Uuid topicId) {
        if (after.needsNewProducer(before, change)) {
            switchProducer(before.settings(), after.settings());
        } else if (topicIds.createdAgain(after.topic(), topicId)) {
            log.info(
                    "Topic {} was deleted and created again (now ID {}) since this client wrote to it:"
                            + " a new Kafka producer (the old one's sequence numbers belong to the old topic)",
                    after.topic(),
                    topicId);
            switchProducer(before.settings(), after.settings());
        }
        topicIds.startedOn(after.topic(), topicId);
    }

    /** Flush, then replace the producer: records in flight are acknowledged by the old one first. */
    private void switchProducer(ProducerSettings previous, ProducerSettings next) {
        Producer<byte[], byte[]> old = producer();
        old.flush();
        retire(old);
        topicIds.newClient();
        producers.configure(previous, next);
        transactional = next.transactional();
        producer();
    }
}
