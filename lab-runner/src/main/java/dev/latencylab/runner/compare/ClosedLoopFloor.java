package dev.latencylab.runner.compare;

import dev.latencylab.core.latency.HistogramPercentiles;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A closed loop like EndToEndLatency's, timed in nanoseconds: send one record, poll until the
 * consumer returns it (that instant ends its e2e time), wait for its acknowledgement, then send the
 * next. No record ever waits behind another, so the median is the stack's floor: what one record
 * costs through producer, leader, replication to the ISR (acks=all and the high watermark) and a
 * fetch. The consumer uses the consumer-app's fetch settings (Kafka's defaults: a fetch waits in the
 * broker's purgatory until a byte arrives), not EndToEndLatency's busy fetch.max.wait.ms=0, so the
 * lab's e2e is judged against a floor with its own consumer settings.
 */
public final class ClosedLoopFloor implements FloorProbe {

    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(100);

    private final String bootstrap;
    private final int batchSize;

    public ClosedLoopFloor(String bootstrap, int batchSize) {
        this.bootstrap = bootstrap;
        this.batchSize = batchSize;
    }

    static Map<String, String> producerSettings(int batchSize) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(batchSize));
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5");
        return p;
    }

    /** The consumer-app's fetch settings at start (Kafka's defaults). */
    static Map<String, String> consumerSettings() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "500");
        c.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "1");
        return c;
    }

    /**
     * Kafka's clients throw their own unchecked exceptions: an interrupt (Ctrl-C) becomes the
     * comparison's InterruptedException, anything else a CompareException, so the run still stops
     * the load, deletes the bench topic and writes what it measured.
     */
    @Override
    public Floor measure(String topic, int records, int warmupRecords, int recordBytes, Duration pace)
            throws InterruptedException {
        try {
            return loop(topic, records, warmupRecords, recordBytes, pace);
        } catch (InterruptException e) {
            Thread.interrupted();
            throw new InterruptedException("floor stopped");
        } catch (KafkaException e) {
            throw new CompareException("the closed-loop floor failed: " + e.getMessage());
        }
    }

    private Floor loop(String topic, int records, int warmupRecords, int recordBytes, Duration pace)
            throws InterruptedException {
        Properties pp = new Properties();
        pp.putAll(producerSettings(batchSize));
        pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        pp.put(ProducerConfig.CLIENT_ID_CONFIG, "lab-compare-floor");
        Properties cp = new Properties();
        cp.putAll(consumerSettings());
        cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        cp.put(ConsumerConfig.CLIENT_ID_CONFIG, "lab-compare-floor");
        cp.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        try (var producer = new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer());
                var consumer = new KafkaConsumer<>(cp, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, READ_TIMEOUT).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position); // resolve the end offsets before the first send
            byte[] value = new byte[recordBytes];
            Histogram e2e = HistogramPercentiles.newMicrosHistogram();
            Histogram ack = HistogramPercentiles.newMicrosHistogram();
            long started = System.nanoTime();
            long previousSend = started;
            for (int i = 0; i < warmupRecords + records; i++) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("floor stopped");
                }
                long id = i;
                ByteBuffer.wrap(value).putLong(0, id);
                if (i > 0 && !pace.isZero()) {
                    long wait = previousSend + pace.toNanos() - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                }
                long sendNanos = System.nanoTime();
                previousSend = sendNanos;
                AtomicLong ackedAt = new AtomicLong();
                Future<RecordMetadata> acked =
                        producer.send(new ProducerRecord<>(topic, value), (m, e) -> ackedAt.set(System.nanoTime()));
                long readNanos = awaitRead(consumer, id, sendNanos);
                awaitAck(acked);
                long ackNanos = ackedAt.get();
                if (i == warmupRecords) {
                    started = sendNanos;
                }
                if (i >= warmupRecords) {
                    e2e.recordValue(micros(readNanos - sendNanos));
                    ack.recordValue(micros(ackNanos - sendNanos));
                }
            }
            return new Floor(
                    records,
                    (System.nanoTime() - started) / 1e9,
                    pace.toNanos() / 1e6,
                    HistogramPercentiles.of(e2e),
                    HistogramPercentiles.of(ack),
                    producerSettings(batchSize),
                    consumerSettings());
        }
    }

    private static long awaitRead(KafkaConsumer<byte[], byte[]> consumer, long id, long sendNanos) {
        while (System.nanoTime() - sendNanos < READ_TIMEOUT.toNanos()) {
            var polled = consumer.poll(POLL);
            long now = System.nanoTime();
            for (ConsumerRecord<byte[], byte[]> r : polled) {
                if (r.value() != null
                        && r.value().length >= Long.BYTES
                        && ByteBuffer.wrap(r.value()).getLong(0) == id) {
                    return now;
                }
            }
        }
        throw new CompareException("the floor's record " + id + " was not read back within " + READ_TIMEOUT.toSeconds()
                + " s: is the bench topic writable and readable?");
    }

    /** The callback ran before the future completes, so its instant is set once this returns. */
    private static void awaitAck(Future<RecordMetadata> acked) throws InterruptedException {
        try {
            acked.get(READ_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new CompareException("the floor's record was not acknowledged: " + e.getMessage());
        }
    }

    private static long micros(long nanos) {
        return Math.max(0, Math.min(nanos / 1_000, HistogramPercentiles.HIGHEST_MICROS));
    }
}
