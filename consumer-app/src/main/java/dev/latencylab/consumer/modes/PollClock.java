package dev.latencylab.consumer.modes;

import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.latency.LatencyRecorder;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Notes when each poll returned, on the thread that polled: Kafka calls {@code onConsume} inside
 * {@code poll()}, just before handing the records over, and the listener runs on that same thread.
 * A record's batch wait (consumed minus polled) starts here, so a record listener's records show
 * the time they waited behind the ones before them in the same poll.
 */
public final class PollClock implements ConsumerInterceptor<Object, Object> {

    /** One polling thread's last poll; written and read by that thread only. */
    private static final class Polled {
        final Thread thread;
        long micros = LatencyRecorder.NOT_POLLED;

        Polled(Thread thread) {
            this.thread = thread;
        }
    }

    private static final ThreadLocal<Polled> BY_THREAD =
            ThreadLocal.withInitial(() -> new Polled(Thread.currentThread()));

    /**
     * The thread that polled last, looked at before the thread-local: the listener thread's map of
     * thread-locals (Spring's, Micrometer's, Kafka's) made every lookup a probe past other entries,
     * a few percent of the polling thread in a JFR profile at 28,000 records/s. A thread that finds
     * another's here falls back to its own thread-local.
     */
    private static volatile Polled last = new Polled(null);

    /** When the last poll on this thread returned, epoch µs; LatencyRecorder.NOT_POLLED before the first. */
    public static long polledMicros() {
        Polled p = last;
        return p.thread == Thread.currentThread() ? p.micros : BY_THREAD.get().micros;
    }

    @Override
    public ConsumerRecords<Object, Object> onConsume(ConsumerRecords<Object, Object> records) {
        Polled p = last;
        if (p.thread != Thread.currentThread()) {
            p = BY_THREAD.get();
            last = p;
        }
        p.micros = EpochMicros.now();
        return records;
    }

    @Override
    public void onCommit(Map<TopicPartition, OffsetAndMetadata> offsets) {}

    @Override
    public void close() {}

    @Override
    public void configure(Map<String, ?> configs) {}
}
