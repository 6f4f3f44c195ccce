package dev.latencylab.consumer.latency;

import dev.latencylab.core.latency.LatencyRecorder;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;

/**
 * The offset ledger outlives the consumer and the topic: after `scripts/lab down` and `up` the
 * topic starts again at offset 0 while the ledger remembers offsets in the thousands, and would
 * call every new record a redelivery. So when a partition is assigned, a ledger that has
 * processed offsets at or beyond the log's end is forgotten for that partition.
 */
final class StaleLedgerCheck implements ConsumerAwareRebalanceListener {

    private static final Logger log = LoggerFactory.getLogger(StaleLedgerCheck.class);

    private final LatencyRecorder recorder;

    StaleLedgerCheck(LatencyRecorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        ends.forEach((tp, end) -> {
            if (end != null && recorder.forgetStaleLedger(tp.topic(), tp.partition(), end)) {
                log.info(
                        "Offset ledger of {} forgotten: it held offsets at or past the log's end ({}), from an "
                                + "earlier topic",
                        tp,
                        end);
            }
        });
    }
}
