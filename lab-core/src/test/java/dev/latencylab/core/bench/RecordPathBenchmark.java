package dev.latencylab.core.bench;

import dev.latencylab.api.payload.SampleFile;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyBuckets;
import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.core.latency.RecordResult;
import dev.latencylab.core.payload.OrderEvent;
import dev.latencylab.core.payload.OrderEventGenerator;
import dev.latencylab.core.payload.PayloadPlan;
import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.SendLog;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The per-record cost of the lab's own work, so it can be shown not to distort what it
 * measures: the producer's payload generation plus header encoding (target under 2 µs), per
 * payload kind, and the consumer's header decoding, latency recording and sequence accounting
 * (target under 0.5 µs).
 * Run: ./mvnw -pl lab-core -Pbench verify
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RecordPathBenchmark {

    private static final UUID PRODUCER = UUID.randomUUID();
    /** The customer-id keys' pool, as the consumer is given them, for the per-key order check. */
    private static final byte[][] KEYS = java.util.stream.IntStream.range(0, 10_000)
            .mapToObj(i -> String.format("C%05d", i).getBytes(java.nio.charset.StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);

    private OrderEventGenerator generator;
    private LatencyRecorder recorder;
    private byte[][] headers;
    private byte[] value;
    private long sequence;
    private long consumed;
    private Timer latencyTimer;
    private Timer correctedTimer;
    private PhaseTally tally;
    private LatencyRecorder keyOrderRecorder;
    /** A 20-byte order id rewritten per call: every key new, as with the default key strategy. */
    private final byte[] orderId = "ORD-0000000000000000".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private long orders;
    private Timer ackTimer;
    private long acked;

    @Setup
    public void setUp() {
        generator = new OrderEventGenerator(PRODUCER.toString().substring(0, 8), 42);
        recorder = new LatencyRecorder(Duration.ofSeconds(10), OffsetLedgers.inMemory());
        headers = new byte[4096][];
        long now = 1_763_769_600_000_000L;
        for (int i = 0; i < headers.length; i++) {
            headers[i] = LabHeader.encode(new RecordStamp(now, now + 5, i, PRODUCER, 1));
        }
        value = generator.next(0, now, 400, KeyStrategy.ORDER_ID).value();
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        latencyTimer = timer(registry, "lab.e2e.latency");
        correctedTimer = timer(registry, "lab.e2e.corrected.latency");
        tally = new SendLog().phase(1, "lab.orders");
        ackTimer = timer(registry, "lab.producer.ack.latency");
        keyOrderRecorder = new LatencyRecorder(Duration.ofSeconds(10), OffsetLedgers.inMemory());
        keyOrderRecorder.record(headers[0], value, "lab.orders", 0, 0, now + 10); // opens the phase
    }

    private static Timer timer(PrometheusMeterRegistry registry, String name) {
        Duration[] buckets = LatencyBuckets.boundaries();
        return Timer.builder(name)
                .tags("linger_ms", "5", "batch_size", "16384", "compression", "none")
                .serviceLevelObjectives(buckets)
                .minimumExpectedValue(buckets[0])
                .maximumExpectedValue(buckets[buckets.length - 1])
                .register(registry);
    }

    /** The producer's payload, by kind: 400 B values keyed by order id, as the sender makes them. */
    @State(Scope.Thread)
    public static class Payload {

        @Param({"words", "random-hex", "fixed", "sample"})
        public String kind;

        PayloadPlan plan;

        @Setup
        public void setUp() throws IOException {
            Path sample = kind.equals("sample") ? sampleFile() : null;
            Map<String, Object> change = new HashMap<>(Map.of("payload", kind));
            if (sample != null) {
                change.put("payloadFile", sample.toString());
            }
            try {
                plan = PayloadPlan.of(
                        new ProducerSettings(5, 16_384, Compression.NONE, 1_000, 400, KeyStrategy.ORDER_ID)
                                .apply(SettingsChange.read(change)),
                        SampleFile::read);
            } finally {
                if (sample != null) {
                    Files.delete(sample);
                }
            }
        }

        /** 1,000 words events of 400 B, one per line: the plan holds them once it is made. */
        private static Path sampleFile() throws IOException {
            Path file = Files.createTempFile("record-path-benchmark", ".jsonl");
            OrderEventGenerator words = new OrderEventGenerator("sample", 1);
            try (OutputStream out = Files.newOutputStream(file)) {
                for (int i = 0; i < 1_000; i++) {
                    out.write(words.next(i, 1_763_769_600_000_000L, 400, KeyStrategy.ORDER_ID)
                            .value());
                    out.write('\n');
                }
            }
            return file;
        }
    }

    /** Producer side, per record: a 400 B value of the kind, its key, plus its header. */
    @Benchmark
    public byte[] produceSidePayloadAndHeader(Payload payload) {
        long now = 1_763_769_600_000_000L + sequence;
        OrderEvent event = generator.next(sequence, now, payload.plan);
        byte[] header = LabHeader.encode(new RecordStamp(now, now + 3, sequence++, PRODUCER, 1));
        return header.length > 0 ? event.value() : header;
    }

    /** Consumer side, per record: decode, two histogram recordings, sequence accounting. */
    @Benchmark
    public Object consumeSideRecording() {
        // Sequences keep increasing (as in a real stream); headers are reused only as templates.
        byte[] header = headers[(int) (consumed & 4095)].clone();
        ByteBuffer.wrap(header).putLong(17, consumed++);
        return recorder.record(
                false,
                KEYS[(int) (consumed % KEYS.length)],
                header,
                value,
                "lab.orders",
                (int) (consumed % 3),
                consumed / 3,
                LatencyRecorder.NOT_POLLED,
                1_763_769_600_002_000L + consumed);
    }

    /**
     * The per-key order check alone of a first arrival (its header read, its phase found, its key
     * looked up), keys all new: the table fills after 16,384 and every later key is untracked, most
     * of them told from the tracked ones by their sketch alone.
     */
    @Benchmark
    public LatencyRecorder consumeSideKeyOrderOfNewKeys() {
        long n = orders++;
        for (int i = orderId.length - 1; i >= 4; i--, n >>>= 4) {
            orderId[i] = (byte) "0123456789abcdef".charAt((int) (n & 15));
        }
        keyOrderRecorder.keyOrder(headers[0], orderId);
        return keyOrderRecorder;
    }

    /**
     * The producer's acknowledgement callback as the Kafka I/O thread runs it per record: the
     * phase tally (a lock and three array updates) and the acknowledgement-latency histogram. A
     * profile put a sixth of the producer-app's samples in the tally; this says what it costs alone.
     */
    @Benchmark
    public long produceSideAcknowledgementTally() {
        tally.acked((int) (acked % 3), acked++ / 3);
        return acked;
    }

    @Benchmark
    public long produceSideAcknowledgementWithHistogram() {
        tally.acked((int) (acked % 3), acked / 3);
        ackTimer.record(1_000 + (acked++ & 1023) * 100, TimeUnit.NANOSECONDS);
        return acked;
    }

    /**
     * The recorder plus two Micrometer timers per record: the consumer-app's path before #48, which
     * now reads its Prometheus histograms from the recorder's at scrape time (ConsumerPathBenchmark
     * in consumer-app measures the app's whole path).
     */
    @Benchmark
    public Object consumeSideRecordingWithPrometheusHistograms() {
        RecordResult result = (RecordResult) consumeSideRecording();
        latencyTimer.record(result.latencyMicros(), TimeUnit.MICROSECONDS);
        correctedTimer.record(result.correctedMicros(), TimeUnit.MICROSECONDS);
        return result;
    }
}
