package dev.latencylab.runner.run.fanout;

import dev.latencylab.api.settings.ProducerSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * N producer-app and N consumer-app doubles, each its own loopback HTTP server, laid out as one
 * group over {@code partitionsPerConsumer} x N partitions: what {@code FanOutBenchmark} drives one
 * phase against.
 */
public final class FanOutLab implements AutoCloseable {

    private final List<ProducerAppDouble> producers = new ArrayList<>();
    private final List<ConsumerAppDouble> consumers = new ArrayList<>();
    private final Traffic traffic = new Traffic();
    private final GroupLayout layout;

    /**
     * @param settings what the producers run with before the runner sets them
     * @param phaseId the id the runner will give the phase: the consumers' records carry it
     * @param priorPhases older phases each producer's status lists, as in a long run
     */
    public FanOutLab(
            int workers,
            int partitionsPerConsumer,
            int recordsPerPartition,
            ProducerSettings settings,
            int phaseId,
            int priorPhases) {
        layout = new GroupLayout(workers, workers, partitionsPerConsumer * workers, recordsPerPartition);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            ids.add(new UUID(0x1ab, i));
        }
        for (int i = 0; i < workers; i++) {
            producers.add(new ProducerAppDouble(ids.get(i), i, layout, settings, priorPhases, traffic));
            consumers.add(new ConsumerAppDouble(i, layout, ids, phaseId, traffic));
        }
    }

    public List<URI> producerUrls() {
        return producers.stream().map(AppServer::url).toList();
    }

    public List<URI> consumerUrls() {
        return consumers.stream().map(AppServer::url).toList();
    }

    public Traffic traffic() {
        return traffic;
    }

    /** The records of the phase, every producer's. */
    public long phaseRecords() {
        long n = 0;
        for (int i = 0; i < layout.producers(); i++) {
            n += layout.recordsOf(i);
        }
        return n;
    }

    /** The group's rate that sends {@link #phaseRecords} in {@code seconds}. */
    public double groupRate(double seconds) {
        return phaseRecords() / seconds;
    }

    /** CPU time the doubles' server threads (this process's every JDK HTTP server dispatcher) have used. */
    public static long serverCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith(AppServer.DISPATCHER_THREAD)) {
                sum += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
            }
        }
        return sum;
    }

    @Override
    public void close() {
        producers.forEach(AppServer::close);
        consumers.forEach(AppServer::close);
    }
}
