package dev.latencylab.consumer.latency;

import dev.latencylab.consumer.modes.BatchProcessing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The batch listener's cost per record as compare's CPU window gives it work: polls of {@value #POLL}
 * records (its rate, ~24,000 records/s, makes polls that small), each poll's records grouped by
 * partition as Kafka returns them, a producer's sequence spread over the partitions by its keys. With
 * {@code evict}, the caches are overwritten before each poll, as the brokers and the producer sharing
 * the machine's cores overwrite them between two polls: then each poll meets the lab's own state
 * (sequence windows, ledger, histograms) cold, while its records are warm (Kafka has just parsed them).
 * {@link ConsumerPathBenchmark} measures the same path warm, over polls of 500.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(ColdPollBenchmark.POLL)
public class ColdPollBenchmark {

    static final int POLL = 25;
    private static final int PARTITIONS = 6;
    /** Four times this machine's L2 per core (2 MiB): what a poll finds of the lab's state is in L3 at best. */
    private static final int EVICT_BYTES = 8 << 20;

    @Param({"false", "true"})
    public boolean evict;

    private final byte[] evictor = new byte[EVICT_BYTES];
    private final long[] offsets = new long[PARTITIONS];
    private BatchProcessing processing;
    private LatencyListener listener;
    private List<ConsumerRecord<byte[], byte[]>> poll;
    private long sequence;

    @Setup
    public void setUp() {
        processing = new BatchProcessing();
        listener = ConsumerPathBenchmark.listener(processing);
    }

    @Setup(Level.Invocation)
    public void nextPoll() {
        if (evict) {
            for (int i = 0; i < EVICT_BYTES; i += 64) {
                evictor[i]++;
            }
        }
        poll = new ArrayList<>(POLL);
        for (int i = 0; i < POLL; i++) {
            long seq = sequence++;
            // Unique order ids as keys: a record's partition is its key's hash, not a turn.
            int partition = (int) (((seq * 0x9E3779B97F4A7C15L) >>> 40) % PARTITIONS);
            poll.add(ConsumerPathBenchmark.record(seq, partition, offsets[partition]++));
        }
        poll.sort(Comparator.comparingInt(ConsumerRecord::partition));
    }

    @TearDown
    public void tearDown() {
        processing.close();
    }

    @Benchmark
    public List<ConsumerRecord<byte[], byte[]>> batchListener() throws InterruptedException {
        listener.onBatch(poll);
        return poll;
    }
}
