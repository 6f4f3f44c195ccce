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
 * processed offsets at or beyond the log's end is forgotten for that partition. The ledger is also
 * told where the consumer's reading of it begins (its position), so that a partition moved from
 * another host reads on from there ({@code OffsetLedger#readsFrom}); and when it is revoked.
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
            if (end != null && recorder.assigned(tp.topic(), tp.partition(), end, consumer.position(tp))) {
                log.info(
                        "Offset ledger of {} forgotten: it held offsets at or past the log's end ({}), from an "
                                + "earlier topic",
                        tp,
                        end);
            }
        });
    }

    @Override
    public void onPartitionsRevokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        partitions.forEach(tp -> recorder.revoked(tp.topic(), tp.partition()));
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        partitions.forEach(tp -> recorder.revoked(tp.topic(), tp.partition()));
    }
}
