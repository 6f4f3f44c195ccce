package dev.latencylab.consumer.latency;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.consumer.modes.BatchProcessing;
import dev.latencylab.consumer.modes.ConsumerModes;
import dev.latencylab.consumer.modes.SettingsFile;
import dev.latencylab.consumer.modes.ShareGroupReader;
import dev.latencylab.consumer.selftest.HeldPoll;
import dev.latencylab.consumer.selftest.SkippedRecords;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyRecorder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The consumer-app's whole per-record cost on its polling thread, as the batch listener pays it
 * with the default settings (in order, no simulated work): the header lookup in the record's
 * headers, its decoding, the recorder (ledger, sequence and key-order accounting, histograms) and
 * the metrics. Per record, over batches of {@value #BATCH} records of three partitions whose
 * offsets and sequences keep rising and whose keys are unique order ids (the default key
 * strategy), as in a real drain; each record's header built as Kafka's fetch builds it (key and
 * value undecoded). Building each batch is outside the measured time.
 * Run: ./mvnw -pl consumer-app -Pbench verify (lab-core installed), or as docs/benchmarks.md says.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(ConsumerPathBenchmark.BATCH)
public class ConsumerPathBenchmark {

    static final int BATCH = 500;
    private static final int PARTITIONS = 3;
    private static final int PHASE = 7001;
    private static final UUID PRODUCER = UUID.randomUUID();
    private static final long T0 = 1_763_769_600_000_000L;
    private static final byte[] HEADER_KEY = LabHeader.KEY.getBytes(StandardCharsets.UTF_8);
    private static final byte[] VALUE = json(400);

    private BatchProcessing processing;
    private LatencyListener listener;
    private List<ConsumerRecord<byte[], byte[]>> batch;
    private long sequence;

    @Setup
    public void setUp() {
        processing = new BatchProcessing();
        listener = listener(processing);
    }

    /** A listener as the app wires it: its recorder, the app's meters, default settings. */
    static LatencyListener listener(BatchProcessing processing) {
        LatencyRecorder recorder = new LatencyRecorder(Duration.ofSeconds(10), OffsetLedgers.inMemory());
        // The app's meters as it registers them: the counters, the histograms read at scrape time.
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new LatencyMetrics(prometheus, recorder);
        new LatencyHistograms(recorder, prometheus.getPrometheusRegistry());
        return new LatencyListener(
                recorder,
                new ConsumerModes(
                        new org.springframework.kafka.config.KafkaListenerEndpointRegistry(),
                        new ConsumerDescription("lab\\.orders", "g", Map.of()),
                        ConsumerSettings.DEFAULTS,
                        SettingsFile.none(),
                        new ShareGroupReader(Map::of, "g", Pattern.compile("lab\\.orders"), recorder, r -> {}),
                        new SimpleMeterRegistry()),
                processing,
                new SkippedRecords(),
                new HeldPoll(),
                "lab\\.orders");
    }

    @Setup(Level.Invocation)
    public void nextBatch() {
        batch = new ArrayList<>(BATCH);
        for (int i = 0; i < BATCH; i++) {
            long seq = sequence++;
            batch.add(record(seq, (int) (seq % PARTITIONS), seq / PARTITIONS));
        }
    }

    /**
     * A record of the benchmark's producer as Kafka's fetch builds it: the header's key and value
     * still undecoded bytes, so the listener pays RecordHeader's decoding (a String for the key, a
     * copy of the value, each under a lock) as it does in a running app. A header made from a String
     * is decoded already.
     */
    static ConsumerRecord<byte[], byte[]> record(long seq, int partition, long offset) {
        RecordHeaders headers = new RecordHeaders(new Header[] {
            new RecordHeader(
                    ByteBuffer.wrap(HEADER_KEY),
                    ByteBuffer.wrap(LabHeader.encode(new RecordStamp(T0 + seq, T0 + seq + 5, seq, PRODUCER, PHASE))))
        });
        return new ConsumerRecord<>(
                "lab.orders",
                partition,
                offset,
                T0 / 1000,
                TimestampType.CREATE_TIME,
                -1,
                VALUE.length,
                ("O" + seq).getBytes(StandardCharsets.US_ASCII),
                VALUE,
                headers,
                java.util.Optional.empty());
    }

    @TearDown
    public void tearDown() {
        processing.close();
    }

    @Benchmark
    public List<ConsumerRecord<byte[], byte[]>> batchListener() throws InterruptedException {
        listener.onBatch(batch);
        return batch;
    }

    private static byte[] json(int length) {
        byte[] v = new byte[length];
        Arrays.fill(v, (byte) 'x');
        v[0] = '{';
        v[length - 1] = '}';
        return v;
    }
}
