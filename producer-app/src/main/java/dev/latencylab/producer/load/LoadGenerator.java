package dev.latencylab.producer.load;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.payload.OrderEvent;
import dev.latencylab.core.payload.OrderEventGenerator;
import dev.latencylab.core.payload.PayloadPlan;
import dev.latencylab.core.schedule.OpenLoopSchedule;
import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.SendLog;
import dev.latencylab.producer.LabProducerProperties;
import dev.latencylab.producer.selftest.DuplicatedRecords;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.stereotype.Component;

/**
 * The open-loop sender: one thread sends each record when the schedule says it is due, late if
 * it must, never skipping one.
 *
 * <p>Settings changes are queued and applied by the sender thread itself between two sends, so
 * no send can race a producer being replaced: the old producer is flushed (every record in
 * flight acknowledged), the factory's configs updated, and the factory reset so the next send
 * creates a producer with the new settings. Sequence numbers run on across the switch.
 *
 * <p>Records go to the Kafka producer itself with a plain callback, not through spring-kafka's
 * {@code KafkaTemplate}: the template's per-record observation scope, Micrometer timer sample,
 * future and trace-level checks cost the sender thread about a quarter of its time at the
 * ceiling (docs/benchmarks.md, "The producer's ceiling"), for nothing the lab reads.
 */
@Component
public class LoadGenerator implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LoadGenerator.class);
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final double UNTHROTTLED_PLACEHOLDER_RATE = 1_000;

    private final ProducerFactory<byte[], byte[]> factory;
    /**
     * The Kafka producer in use: made and replaced on the sender thread, its metrics read by the
     * endpoint. Replaced and read under {@code clientTotals}' lock, so a status never counts a
     * retired producer's retries twice.
     */
    private volatile Producer<byte[], byte[]> producer;
    /**
     * Set on a failed send: spring-kafka closes a producer that hit a fatal error (an out-of-order
     * sequence, say), and the factory hands out a fresh one, as the template asked for on every send.
     */
    private volatile boolean askFactoryAgain;

    private final UUID producerId = UUID.randomUUID();
    private final OrderEventGenerator events;
    private final OpenLoopSchedule schedule;
    private final LoadMetrics metrics;
    private final Queue<PendingChange> changes = new ConcurrentLinkedQueue<>();
    private final AtomicLong acked = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final SendLog sendLog = new SendLog();
    /** Kafka client counters summed over every producer this app made (settings changes replace it). */
    private final ClientTotals clientTotals = new ClientTotals();
    /** The current phase's tally; read and replaced by the sender thread only. */
    private PhaseTally tally = sendLog.phase(0, null);

    /** The topics the current Kafka producer was started on, by ID; the sender thread's. */
    private final TopicIdentities topicIds = new TopicIdentities();

    /** What the record values are made of; read and replaced by the sender thread only. */
    private PayloadPlan plan;

    private volatile LoadState state;
    private volatile long generation;
    private volatile long sent;
    /** The next stamped record's sequence number: records sent without the header take none. */
    private volatile long nextSequence;

    private volatile boolean stopping;
    private Thread thread;

    private final DuplicatedRecords selfTestDuplicates;
    /**
     * Every sample file a plan needs is read through it, a later plan's read of the same file too:
     * a path checked once may lead elsewhere by the time it is read again.
     */
    private final SampleFolder samples;

    public LoadGenerator(
            ProducerFactory<byte[], byte[]> factory,
            LabProducerProperties properties,
            MeterRegistry registry,
            DuplicatedRecords selfTestDuplicates,
            SampleFolder samples) {
        this.factory = factory;
        this.selfTestDuplicates = selfTestDuplicates;
        this.samples = samples;
        this.events =
                new OrderEventGenerator(producerId.toString().substring(0, 8), producerId.getLeastSignificantBits());
        this.state = new LoadState(
                new ProducerSettings(
                        clientSetting(ProducerConfig.LINGER_MS_CONFIG),
                        clientSetting(ProducerConfig.BATCH_SIZE_CONFIG),
                        compressionSetting(),
                        null,
                        properties.rate(),
                        properties.payloadBytes(),
                        properties.keyStrategy(),
                        null,
                        null,
                        acksSetting(),
                        clientSetting(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION),
                        clientSetting(ProducerConfig.SEND_BUFFER_CONFIG),
                        clientSetting(ProducerConfig.BUFFER_MEMORY_CONFIG)),
                properties.autostart(),
                properties.topic());
        // Unthrottled sends keep no schedule; it is there, at some rate, for when a rate is set.
        this.schedule = new OpenLoopSchedule(
                state.settings().unthrottled() ? UNTHROTTLED_PLACEHOLDER_RATE : properties.rate(), System::nanoTime);
        this.metrics = new LoadMetrics(registry, () -> state, () -> generation, () -> sent, acked::get, failed::get);
        this.plan = PayloadPlan.of(state.settings(), samples::read);
    }

    public UUID producerId() {
        return producerId;
    }

    public LoadState state() {
        return state;
    }

    /** What GET /actuator/producer shows: this state, the generation, the counters and the named phases' sends. */
    public ProducerStatus status(LoadState s) {
        return new ProducerStatus(
                producerId,
                s.topic(),
                s.running(),
                generation,
                s.settings(),
                s.phase(),
                counters(),
                sendLog.view(),
                s.header(),
                scheduleLagMs(s));
    }

    /** How late the next record is on its schedule; null when no schedule runs. */
    private Double scheduleLagMs(LoadState s) {
        if (!s.running() || s.settings().unthrottled()) {
            return null;
        }
        return Math.max(0, System.nanoTime() - schedule.nextIntendedNanos()) / 1e6;
    }

    public long generation() {
        return generation;
    }

    public SenderCounters counters() {
        long s = sent;
        long retries;
        long errors;
        synchronized (clientTotals) {
            Producer<byte[], byte[]> p = producer;
            var live = p == null ? Map.<MetricName, Metric>of() : p.metrics();
            retries = clientTotals.total("record-retry-total", live);
            errors = clientTotals.total("record-error-total", live);
        }
        return new SenderCounters(s, acked.get(), failed.get(), nextSequence - 1, retries, errors);
    }

    /**
     * Queues a change for the sender thread; completes once it is in effect.
     *
     * @param topicId the ID of the topic the change sends to, when the caller looked it up (a start
     *     or a change of topic); null when it did not
     */
    public CompletableFuture<LoadState> submit(SettingsChange change, Uuid topicId) {
        // A sample file is read here, on the caller's thread, not between two sends; a bad one, or
        // one outside the sample folder, is refused before the change is queued (BadSettingsException
        // naming payloadFile).
        PayloadPlan next =
                changesPayload(change) ? PayloadPlan.of(state.settings().apply(change), samples::read) : null;
        PendingChange pending = new PendingChange(change, next, topicId, new CompletableFuture<>());
        changes.add(pending);
        LockSupport.unpark(thread);
        return pending.done();
    }

    private static boolean changesPayload(SettingsChange change) {
        return change.payload() != null
                || change.payloadFile() != null
                || change.payloadBytes() != null
                || change.keyStrategy() != null;
    }

    /**
     * Withdraws a change the sender has not started applying. False when it is being applied
     * (or was), in which case its future completes as usual.
     */
    public boolean withdraw(CompletableFuture<LoadState> change) {
        return changes.removeIf(p -> p.done() == change);
    }

    @Override
    public void start() {
        thread = new Thread(this::run, "lab-sender");
        thread.setDaemon(true);
        stopping = false;
        thread.start();
        log.info(
                "Producer {} sending to {} with {} ({})",
                producerId,
                state.topic(),
                state.settings(),
                state.running() ? "running" : "stopped until POST {\"running\":true}");
    }

    @Override
    public void stop() {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Producer<byte[], byte[]> p = producer;
        if (p != null) {
            p.flush();
        }
    }

    @Override
    public boolean isRunning() {
        return thread != null && thread.isAlive();
    }

    private void run() {
        // The schedule starts when sending can start, not when the bean was built: the time spent
        // creating the topic and starting the web server is not lateness.
        schedule.restartNow();
        sendLog.watchCurrentThread();
        while (!stopping) {
            try {
                step();
            } catch (RuntimeException | Error e) {
                // A sender that dies silently would leave the endpoint saying "running" and every
                // change queued forever; count it, say it, carry on.
                log.error("Sender step failed; continuing", e);
                LockSupport.parkNanos(MAX_PARK_NANOS * 20);
            }
        }
        PendingChange left;
        while ((left = changes.poll()) != null) {
            left.done().completeExceptionally(new IllegalStateException("the producer is shutting down"));
        }
    }

    private void step() {
        PendingChange change = changes.poll();
        if (change != null) {
            apply(change);
            return;
        }
        if (!state.running()) {
            LockSupport.parkNanos(MAX_PARK_NANOS * 20);
            return;
        }
        if (state.settings().unthrottled()) {
            // As fast as send() returns: each record is intended when it is sent, so no publish delay.
            sendOne(0);
            return;
        }
        long due = schedule.nextIntendedNanos();
        long now = System.nanoTime();
        if (due > now) {
            // Short slices so a queued change is picked up promptly even at low rates.
            LockSupport.parkNanos(Math.min(due - now, MAX_PARK_NANOS));
            return;
        }
        sendOne(now - due);
    }

    private void sendOne(long lateNanos) {
        long count = sent;
        LoadState current = state;
        long sentMicros = EpochMicros.now();
        OrderEvent event = events.next(count, sentMicros, plan);
        long sequence = -1;
        RecordHeaders headers = null;
        if (current.header()) {
            // Only stamped records take a sequence number: the consumer sees no gap where unstamped ones went.
            sequence = nextSequence++;
            long intendedMicros = sentMicros - lateNanos / 1_000;
            headers = headers(LabHeader.encode(new RecordStamp(
                    intendedMicros, sentMicros, sequence, producerId, current.headerKey(), current.phase())));
        }
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>(current.topic(), null, event.key(), event.value(), headers);
        long sendNanos = System.nanoTime();
        if (!current.settings().unthrottled()) {
            schedule.advance();
            // Unthrottled records are intended when sent: their delay is 0 by definition, not a measurement.
            metrics.publishDelay.record(lateNanos, TimeUnit.NANOSECONDS);
        }
        sent = count + 1;
        PhaseTally phase = tally;
        phase.sent(lateNanos / 1_000);
        try {
            producer().send(record, new Acknowledgement(phase, sequence, sendNanos));
        } catch (RuntimeException e) {
            onFailure(sequence, phase, e);
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
     * The record's headers, in a list of exactly one. The Kafka producer keeps a record's headers
     * until its acknowledgement (for interceptors), and at the ceiling about 80,000 records wait
     * for theirs: copied from a {@code List}, each kept a ten-slot array that every young
     * collection copied again (docs/benchmarks.md, "GC").
     */
    private static RecordHeaders headers(byte[] header) {
        return new RecordHeaders(new Header[] {new RecordHeader(LabHeader.KEY, header)});
    }

    private Producer<byte[], byte[]> producer() {
        Producer<byte[], byte[]> p = producer;
        if (p == null || askFactoryAgain) {
            askFactoryAgain = false;
            // The same producer while it is healthy; a new one if spring-kafka closed it.
            Producer<byte[], byte[]> next = factory.createProducer();
            if (next != p) {
                synchronized (clientTotals) {
                    if (p != null) {
                        clientTotals.retire(p.metrics());
                    }
                    producer = next;
                }
                if (p != null) {
                    topicIds.newClient();
                }
            }
            p = next;
        }
        return p;
    }

    /**
     * One record's answer, run on the Kafka client's I/O thread, which every other record's
     * progress waits for: counts and one histogram, nothing more.
     */
    private final class Acknowledgement implements Callback {
        private final PhaseTally phase;
        private final long sequence;
        private final long sendNanos;

        Acknowledgement(PhaseTally phase, long sequence, long sendNanos) {
            this.phase = phase;
            this.sequence = sequence;
            this.sendNanos = sendNanos;
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception error) {
            if (error == null) {
                phase.acked(metadata.partition(), metadata.offset());
                acked.incrementAndGet();
                metrics.ackLatency.record(System.nanoTime() - sendNanos, TimeUnit.NANOSECONDS);
            } else {
                onFailure(sequence, phase, error);
            }
        }
    }

    private void onFailure(long sequence, PhaseTally phase, Throwable error) {
        askFactoryAgain = true;
        phase.failed();
        long n = failed.incrementAndGet();
        if (Long.bitCount(n) == 1) { // 1st, 2nd, 4th, 8th... failure: visible without flooding the log
            log.warn(
                    "Send of record {} failed ({} failures so far)",
                    sequence < 0 ? "without header" : sequence,
                    n,
                    error);
        }
    }

    private void apply(PendingChange pending) {
        try {
            LoadState before = state;
            LoadState after = before.apply(pending.change());
            if (after.needsNewProducer(before)) {
                switchProducer(before.settings(), after.settings());
            } else if (topicIds.createdAgain(after.topic(), pending.topicId())) {
                log.info(
                        "Topic {} was deleted and created again (now ID {}) since this client wrote to it:"
                                + " a new Kafka producer (the old one's sequence numbers belong to the old topic)",
                        after.topic(),
                        pending.topicId());
                switchProducer(before.settings(), after.settings());
            }
            topicIds.startedOn(after.topic(), pending.topicId());
            boolean throttledAgain =
                    before.settings().unthrottled() && !after.settings().unthrottled();
            if (!after.settings().unthrottled()
                    && after.settings().rate() != before.settings().rate()) {
                schedule.changeRate(after.settings().rate());
            }
            if ((after.running() && !before.running()) || throttledAgain) {
                // Nothing was scheduled while unthrottled: the schedule starts afresh, not behind.
                schedule.restartNow();
            }
            if (!after.running() && before.running()) {
                producer().flush();
            }
            if (pending.plan() != null) {
                plan = pending.plan();
            }
            if (after.phase() != before.phase() || !after.topic().equals(before.topic())) {
                tally = sendLog.phase(after.phase(), after.topic());
            }
            state = after;
            if (!after.equals(before)) {
                generation++;
                log.info(
                        "Now {} to {}, phase {}, {}{}",
                        after.settings(),
                        after.topic(),
                        after.phase(),
                        after.running() ? "running" : "stopped",
                        after.header() ? "" : ", without the lab header (records the consumer cannot time or count)");
            }
            pending.done().complete(after);
        } catch (RuntimeException e) {
            pending.done().completeExceptionally(e);
        }
    }

    /**
     * Flush, then replace the producer: records in flight are acknowledged by the old one first. A
     * codec's level is set only when asked for, so the codec's own default applies otherwise.
     */
    private void switchProducer(ProducerSettings previous, ProducerSettings next) {
        Producer<byte[], byte[]> old = producer();
        old.flush();
        synchronized (clientTotals) {
            clientTotals.retire(old.metrics());
            producer = null;
        }
        topicIds.newClient();
        factory.updateConfigs(Map.of(
                ProducerConfig.LINGER_MS_CONFIG, next.lingerMs(),
                ProducerConfig.BATCH_SIZE_CONFIG, next.batchSize(),
                ProducerConfig.COMPRESSION_TYPE_CONFIG, next.compression().kafkaName(),
                // Kafka refuses idempotence with acks other than all; it goes with acks.
                ProducerConfig.ACKS_CONFIG, next.acks().kafkaValue(),
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, next.acks().idempotent(),
                ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, next.maxInFlight(),
                ProducerConfig.SEND_BUFFER_CONFIG, next.sendBufferBytes(),
                ProducerConfig.BUFFER_MEMORY_CONFIG, next.bufferMemory()));
        previous.compression().levelProperty().ifPresent(factory::removeConfig);
        next.compression().levelProperty().ifPresent(property -> {
            if (next.compressionLevel() != null) {
                factory.updateConfigs(Map.of(property, next.compressionLevel()));
            } else {
                factory.removeConfig(property);
            }
        });
        factory.reset();
        producer();
    }

    /** A client setting as configured (spring.kafka.producer), or Kafka's own default when it is not. */
    private int clientSetting(String name) {
        Object value = factory.getConfigurationProperties().get(name);
        if (value == null) {
            value = ProducerConfig.configDef().defaultValues().get(name);
        }
        return Integer.parseInt(value.toString().trim());
    }

    private Acks acksSetting() {
        Object value = factory.getConfigurationProperties().getOrDefault(ProducerConfig.ACKS_CONFIG, "all");
        return Acks.parse(String.valueOf(value).trim())
                .orElseThrow(() -> new IllegalArgumentException("acks " + value + " is not one the lab accounts for"));
    }

    private Compression compressionSetting() {
        Object value = factory.getConfigurationProperties()
                .getOrDefault(
                        ProducerConfig.COMPRESSION_TYPE_CONFIG,
                        ProducerConfig.configDef().defaultValues().get(ProducerConfig.COMPRESSION_TYPE_CONFIG));
        return Compression.fromKafkaName(String.valueOf(value))
                .orElseThrow(() -> new IllegalArgumentException("unsupported compression.type " + value));
    }

    private record PendingChange(
            SettingsChange change, PayloadPlan plan, Uuid topicId, CompletableFuture<LoadState> done) {}
}
