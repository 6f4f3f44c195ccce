package dev.latencylab.runner.compare;

import dev.latencylab.core.latency.HistogramPercentiles;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.EnumMap;
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
 * fetch.
 *
 * <p>Its clients live for the whole comparison and are warmed once with {@link #WARMUP_RECORDS}
 * records per consumer before the first window: a floor measured by clients made a moment before, with
 * their code still interpreted, comes out slower than the warm system it is meant to bound. Each
 * window starts at the topic's end, so it never reads another window's records.
 */
public final class ClosedLoopFloor implements FloorProbe {

    /** Enough sends, fetches and callbacks for the JIT's second tier to compile the loop's path. */
    static final int WARMUP_RECORDS = 5_000;

    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(100);

    private final String bootstrap;
    /** The user's client config (an existing cluster's security settings); the floor's own settings win. */
    private final Properties client;

    private final int batchSize;
    private final byte[] value;
    private final Map<FloorFetch, KafkaConsumer<byte[], byte[]>> consumers = new EnumMap<>(FloorFetch.class);
    private String topic;
    private List<TopicPartition> partitions;
    private KafkaProducer<byte[], byte[]> producer;
    /** Every record's id, over all windows: a late record of an earlier window is never taken for this one's. */
    private long nextId;

    public ClosedLoopFloor(String bootstrap, int batchSize, int recordBytes) {
        this(bootstrap, new Properties(), batchSize, recordBytes);
    }

    /** On a cluster the lab did not start: its clients read {@code client} too (security settings). */
    public ClosedLoopFloor(String bootstrap, Properties client, int batchSize, int recordBytes) {
        this.bootstrap = bootstrap;
        this.client = new Properties();
        this.client.putAll(client);
        this.batchSize = batchSize;
        this.value = new byte[recordBytes];
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

    @Override
    public int warmupRecords() {
        return WARMUP_RECORDS;
    }

    /**
     * Kafka's clients throw their own unchecked exceptions: an interrupt (Ctrl-C) becomes the
     * comparison's InterruptedException, anything else a CompareException, so the run still stops
     * the load, deletes the bench topic and writes what it measured.
     */
    @Override
    public Floor measure(String topic, int records, Duration pace, FloorFetch fetch) throws InterruptedException {
        try {
            KafkaConsumer<byte[], byte[]> consumer = warmConsumer(topic, fetch);
            Histogram e2e = HistogramPercentiles.newMicrosHistogram();
            Histogram ack = HistogramPercentiles.newMicrosHistogram();
            long started = System.nanoTime();
            loop(consumer, records, pace, e2e, ack);
            return new Floor(
                    records,
                    (System.nanoTime() - started) / 1e9,
                    pace.toNanos() / 1e6,
                    HistogramPercentiles.of(e2e),
                    HistogramPercentiles.of(ack),
                    producerSettings(batchSize),
                    fetch.consumerSettings());
        } catch (InterruptException e) {
            Thread.interrupted();
            throw new InterruptedException("floor stopped");
        } catch (KafkaException e) {
            throw new CompareException("the closed-loop floor failed: " + e.getMessage());
        }
    }

    /** The consumer for {@code fetch}, made and warmed on first use, at the topic's end. */
    private KafkaConsumer<byte[], byte[]> warmConsumer(String topic, FloorFetch fetch) throws InterruptedException {
        if (!topic.equals(this.topic)) {
            close();
            this.topic = topic;
            producer = new KafkaProducer<>(producerConfig(), new ByteArraySerializer(), new ByteArraySerializer());
        }
        KafkaConsumer<byte[], byte[]> consumer = consumers.get(fetch);
        if (consumer == null) {
            consumer = new KafkaConsumer<>(
                    consumerConfig(fetch), new ByteArrayDeserializer(), new ByteArrayDeserializer());
            consumers.put(fetch, consumer);
            if (partitions == null) {
                partitions = consumer.partitionsFor(topic, READ_TIMEOUT).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition()))
                        .toList();
            }
            consumer.assign(partitions);
            toEnd(consumer);
            loop(consumer, WARMUP_RECORDS, Duration.ZERO, null, null);
        }
        toEnd(consumer);
        return consumer;
    }

    /** The floor producer's configuration: the user's client config, then the floor's own settings over it. */
    Properties producerConfig() {
        Properties pp = new Properties();
        pp.putAll(client);
        pp.putAll(producerSettings(batchSize));
        pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        pp.put(ProducerConfig.CLIENT_ID_CONFIG, "lab-compare-floor");
        return pp;
    }

    /** A floor consumer's configuration for {@code fetch}, built as {@link #producerConfig()} is. */
    Properties consumerConfig(FloorFetch fetch) {
        Properties cp = new Properties();
        cp.putAll(client);
        cp.putAll(fetch.consumerSettings());
        cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        cp.put(
                ConsumerConfig.CLIENT_ID_CONFIG,
                "lab-compare-floor-" + fetch.name().toLowerCase());
        cp.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return cp;
    }

    /** Resolves the end offsets before the first send, so the window reads only its own records. */
    private void toEnd(KafkaConsumer<byte[], byte[]> consumer) {
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
    }

    /** {@code records} through the loop; timed into the histograms when they are given. */
    private void loop(KafkaConsumer<byte[], byte[]> consumer, int records, Duration pace, Histogram e2e, Histogram ack)
            throws InterruptedException {
        long previousSend = System.nanoTime();
        for (int i = 0; i < records; i++) {
            if (Thread.interrupted()) {
                throw new InterruptedException("floor stopped");
            }
            long id = nextId++;
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
            if (e2e != null) {
                e2e.recordValue(micros(readNanos - sendNanos));
                ack.recordValue(micros(ackedAt.get() - sendNanos));
            }
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

    /** Best effort, at the end of the comparison or before another topic: the clients' threads stop. */
    @Override
    public void close() {
        consumers.values().forEach(c -> {
            try {
                c.close(Duration.ofSeconds(5));
            } catch (KafkaException e) {
                // Closing is all that is left to do with it.
            }
        });
        consumers.clear();
        partitions = null;
        if (producer != null) {
            try {
                producer.close(Duration.ofSeconds(5));
            } catch (KafkaException e) {
                // Closing is all that is left to do with it.
            }
            producer = null;
        }
        topic = null;
    }
}
