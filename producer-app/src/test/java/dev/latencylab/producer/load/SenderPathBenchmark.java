package dev.latencylab.producer.load;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.core.payload.PayloadPlan;
import dev.latencylab.core.schedule.OpenLoopSchedule;
import dev.latencylab.core.sends.PhaseTally;
import dev.latencylab.core.sends.SendLog;
import dev.latencylab.producer.selftest.DuplicatedRecords;
import io.micrometer.core.instrument.Clock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The sender thread's own work per record on equal terms with Kafka's ProducerPerformance (issue
 * #48): a fixed 400 B value, no key, no header, paced; what the sender loop does between two waits
 * ({@code LoadGenerator.step}: the transaction check, the schedule, the clock, {@code send}) against
 * a Kafka producer that does nothing, so the lab's own work is all there is to measure.
 *
 * <p>Run (nothing installed, a shared ~/.m2):
 *
 * <pre>
 * ./mvnw -B -o -q -pl producer-app -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java -cp producer-app/target/test-classes:producer-app/target/classes:$(cat /tmp/cp.txt) \
 *     org.openjdk.jmh.Main SenderPathBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SenderPathBenchmark {

    /**
     * The schedule's rate: always behind, so every record is due when asked (the wait left out), each
     * a little later than the one before.
     */
    private static final double SCHEDULE_RATE = 1e9;

    /** Schedule restarts: the publish delay stays below a millisecond, as in a paced run, not growing. */
    private static final int RESTART_EVERY = 1_024;

    private static final ProducerSettings SETTINGS = new ProducerSettings(
                    5, 16_384, Compression.NONE, 25_000, 400, KeyStrategy.NONE)
            .apply(SettingsChange.read(Map.of("payload", "fixed")));

    /** As compare's throughput window sends: as fast as send() returns, nothing scheduled. */
    private static final ProducerSettings UNTHROTTLED =
            SETTINGS.apply(SettingsChange.read(Map.of("rate", "unthrottled")));

    private final LoadState state = new LoadState(SETTINGS, true, 0, null, "lab.orders", false);
    private final LoadState unthrottledState = new LoadState(UNTHROTTLED, true, 0, null, "lab.orders", false);
    private final NullProducer producer = new NullProducer();
    private OpenLoopSchedule schedule;
    private RecordSender sender;
    private PayloadPlan plan;
    private PhaseTally tally;
    private int records;

    @Setup
    public void setUp() {
        schedule = new OpenLoopSchedule(SCHEDULE_RATE, System::nanoTime);
        sender = new RecordSender(
                new OneProducerFactory(producer).producers(),
                UUID.randomUUID(),
                schedule,
                new DuplicatedRecords(),
                new PrometheusMeterRegistry(PrometheusConfig.DEFAULT),
                new SenderHistograms(Clock.SYSTEM),
                () -> state,
                () -> 0L);
        plan = PayloadPlan.of(SETTINGS, name -> null);
        tally = new SendLog().phase(0, null);
    }

    /** The sender thread's share: the record's answer is dropped. */
    @Benchmark
    public void paced() {
        producer.answer = false;
        step();
    }

    /** Both threads' shares on one: the answer runs at once, as the Kafka I/O thread would run it. */
    @Benchmark
    public void pacedAndAnswered() {
        producer.answer = true;
        step();
    }

    /** The sender thread's share of an unthrottled record (compare's throughput windows): the answer dropped. */
    @Benchmark
    public void unthrottled() {
        producer.answer = false;
        stepUnthrottled();
    }

    /** Both threads' shares of an unthrottled record on one. */
    @Benchmark
    public void unthrottledAndAnswered() {
        producer.answer = true;
        stepUnthrottled();
    }

    /** {@code LoadGenerator.step} while unthrottled. */
    private void stepUnthrottled() {
        sender.endTransactionIfDue(unthrottledState.settings().transactionMs());
        sender.send(unthrottledState, plan, tally, 0, RecordSender.NOT_READ);
    }

    /** {@code LoadGenerator.step} for a record that is due, its wait left out. */
    private void step() {
        if (++records % RESTART_EVERY == 0) {
            schedule.restartNow();
        }
        sender.endTransactionIfDue(state.settings().transactionMs());
        long due = schedule.nextIntendedNanos();
        long now = System.nanoTime();
        if (due - now > 0) {
            throw new IllegalStateException("ahead of a schedule of a record a nanosecond");
        }
        sender.send(state, plan, tally, due, now);
    }

    /** Keeps nothing (Kafka's MockProducer keeps every record); answers at once when asked to. */
    private static final class NullProducer extends MockProducer<byte[], byte[]> {

        private static final RecordMetadata METADATA =
                new RecordMetadata(new TopicPartition("lab.orders", 3), 1_000, 0, 0, 0, 400);

        boolean answer;

        NullProducer() {
            super(false, null, new ByteArraySerializer(), new ByteArraySerializer());
        }

        @Override
        public Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record, Callback callback) {
            if (answer) {
                callback.onCompletion(METADATA, null);
            }
            return null;
        }
    }
}
