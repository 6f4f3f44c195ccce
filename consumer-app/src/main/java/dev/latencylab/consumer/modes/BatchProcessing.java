package dev.latencylab.consumer.modes;

import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ProcessingOrder;
import dev.latencylab.core.clock.EpochMicros;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Processes the records one batch listener call received, as the settings say, and returns once
 * every one is done, so a batch commit never covers a record still being processed. Per-key
 * processing gives each worker its own thread and sends a key always to the same worker, so a
 * key's records finish in offset order; the finish times prove it: a key whose later record
 * finished first is counted as an order violation (unordered processing shows how often that
 * happens). Used by one listener thread at a time; workers are made again only when their number
 * or kind changes, between two batches.
 *
 * <p>Why not Confluent's Parallel Consumer: it supports kafka-clients up to 3.9 (its Kafka 4 line is
 * unreleased) and takes over the poll loop and the commits, so the lab could no longer compare
 * Spring's listener modes on one consumer. A batch barrier with per-key workers is what the
 * published experiment measured (batches of 50 and 300, committed per batch).
 */
public final class BatchProcessing implements AutoCloseable {

    private final AtomicLong keyOrderViolations = new AtomicLong();
    private ExecutorService[] workers = new ExecutorService[0];
    private ProcessingOrder poolOrder;
    private int poolThreads;

    /**
     * Processes every record and returns each one's finish time (epoch µs), in the list's order.
     *
     * @throws InterruptedException if interrupted while workers were busy: the batch is then not
     *     recorded (nor committed), and is read again
     */
    public long[] process(List<ConsumerRecord<byte[], byte[]>> records, ConsumerSettings settings)
            throws InterruptedException {
        int n = records.size();
        long[] finishedMicros = new long[n];
        if (settings.processing() == ProcessingOrder.IN_ORDER && settings.workMicros() <= 0) {
            // Nothing to do for any record: each is done once the batch is here, so one clock read
            // serves them all. A read a record (an Instant's, ~30 ns) was a quarter of the batch
            // listener's own work (ConsumerPathBenchmark) and spread the records' times by its own cost.
            Arrays.fill(finishedMicros, EpochMicros.now());
            return finishedMicros;
        }
        if (settings.processing() == ProcessingOrder.IN_ORDER) {
            // Each record finishes after the one before it: no key's order can be broken, and
            // looking for a break cost a map entry per record (a seventh of a drain's CPU, JFR).
            for (int i = 0; i < n; i++) {
                SimulatedWork.run(settings.work(), settings.workMicros());
                finishedMicros[i] = EpochMicros.now();
            }
            return finishedMicros;
        }
        long[] finishedNanos = new long[n];
        ensureWorkers(settings);
        CountDownLatch done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            int index = i;
            workerFor(records.get(i), i, settings.processing()).execute(() -> {
                try {
                    SimulatedWork.run(settings.work(), settings.workMicros());
                    finishedNanos[index] = System.nanoTime();
                    finishedMicros[index] = EpochMicros.now();
                } finally {
                    done.countDown();
                }
            });
        }
        done.await(); // the latch also publishes the workers' writes to this thread
        keyOrderViolations.addAndGet(orderViolations(records, finishedNanos));
        return finishedMicros;
    }

    /** One record's simulated processing, on the calling thread (the record listener's). */
    public static void work(ConsumerSettings settings) {
        SimulatedWork.run(settings.work(), settings.workMicros());
    }

    /** Records of a key that finished before an earlier record of the same key, since the app started. */
    public long keyOrderViolations() {
        return keyOrderViolations.get();
    }

    /** Counts a record of one partition and key finishing before the record of that key just before it. */
    static long orderViolations(List<ConsumerRecord<byte[], byte[]>> records, long[] finishedNanos) {
        Map<KeyRef, Long> lastFinished = new HashMap<>(records.size() * 4 / 3 + 1);
        long violations = 0;
        for (int i = 0; i < records.size(); i++) {
            ConsumerRecord<byte[], byte[]> r = records.get(i);
            if (r.key() == null) {
                continue; // no key, no order promised
            }
            Long before =
                    lastFinished.put(new KeyRef(r.topic(), r.partition(), ByteBuffer.wrap(r.key())), finishedNanos[i]);
            if (before != null && finishedNanos[i] < before) {
                violations++;
            }
        }
        return violations;
    }

    private record KeyRef(String topic, int partition, ByteBuffer key) {}

    private ExecutorService workerFor(ConsumerRecord<byte[], byte[]> record, int index, ProcessingOrder order) {
        if (order == ProcessingOrder.UNORDERED) {
            return workers[0];
        }
        int hash = record.key() == null ? index : java.util.Arrays.hashCode(record.key());
        return workers[Math.floorMod(hash, workers.length)];
    }

    private void ensureWorkers(ConsumerSettings settings) {
        int wanted = settings.processing() == ProcessingOrder.PER_KEY ? settings.workers() : 1;
        int threads = settings.workers();
        if (poolOrder == settings.processing() && workers.length == wanted && poolThreads == threads) {
            return;
        }
        close();
        ThreadFactory factory = new WorkerThreads(settings.processing().label());
        workers = new ExecutorService[wanted];
        for (int i = 0; i < wanted; i++) {
            workers[i] = settings.processing() == ProcessingOrder.PER_KEY
                    ? Executors.newSingleThreadExecutor(factory)
                    : Executors.newFixedThreadPool(threads, factory);
        }
        poolOrder = settings.processing();
        poolThreads = threads;
    }

    @Override
    public void close() {
        for (ExecutorService worker : workers) {
            worker.shutdownNow();
        }
        // Idle workers leave at once; waiting for them keeps a stopping app from leaving threads behind.
        for (ExecutorService worker : workers) {
            try {
                worker.awaitTermination(1, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        workers = new ExecutorService[0];
        poolOrder = null;
    }

    private static final class WorkerThreads implements ThreadFactory {
        private final String kind;
        private final AtomicInteger next = new AtomicInteger();

        WorkerThreads(String kind) {
            this.kind = kind;
        }

        @Override
        public Thread newThread(Runnable task) {
            Thread t = new Thread(task, "lab-work-" + kind + "-" + next.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
