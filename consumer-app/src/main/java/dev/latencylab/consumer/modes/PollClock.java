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

    private static final ThreadLocal<Long> POLLED = ThreadLocal.withInitial(() -> LatencyRecorder.NOT_POLLED);

    /** When the last poll on this thread returned, epoch µs; LatencyRecorder.NOT_POLLED before the first. */
    public static long polledMicros() {
        return POLLED.get();
    }

    @Override
    public ConsumerRecords<Object, Object> onConsume(ConsumerRecords<Object, Object> records) {
        POLLED.set(EpochMicros.now());
        return records;
    }

    @Override
    public void onCommit(Map<TopicPartition, OffsetAndMetadata> offsets) {}

    @Override
    public void close() {}

    @Override
    public void configure(Map<String, ?> configs) {}
}
