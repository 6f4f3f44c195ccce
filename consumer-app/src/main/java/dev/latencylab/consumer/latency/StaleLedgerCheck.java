package dev.latencylab.consumer.latency;

import dev.latencylab.core.latency.LatencyRecorder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;

/**
 * The offset ledger outlives the consumer and the topic: after `scripts/lab down` and `up` the
 * topic starts again at offset 0 while the ledger remembers offsets in the thousands, and would
 * call every new record a redelivery. So when a partition is assigned, a ledger that has
 * processed offsets at or beyond the log's end is forgotten for that partition. The ledger is also
 * told where the consumer's reading of it begins (its position), so that a partition moved from
 * another host reads on from there ({@code OffsetLedger#readsFrom}) when that position is in the log;
 * and when it is revoked.
 */
final class StaleLedgerCheck implements ConsumerAwareRebalanceListener {

    private static final Logger log = LoggerFactory.getLogger(StaleLedgerCheck.class);

    /**
     * How long an assignment waits for its partitions' offsets. A leader may give no end offset for a
     * while: one that took over while fewer replicas than min.insync.replicas are in sync, whose high
     * watermark lags the start of its epoch (KIP-966). The consumer would ask again for
     * default.api.timeout.ms (60 s) inside poll, reading no partition meanwhile, and then throw the
     * whole check away: a stall of the lab's own making in the latencies it measures.
     */
    static final Duration ASK = Duration.ofSeconds(5);

    /**
     * How long each partition is asked alone once the whole assignment's ends did not come within
     * {@link #ASK}; all of them together take at most {@link #ASK} more, the rest then go unasked.
     */
    static final Duration ASK_EACH = Duration.ofSeconds(1);

    private final LatencyRecorder recorder;

    StaleLedgerCheck(LatencyRecorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> ends = endOffsets(consumer, partitions);
        Map<TopicPartition, Long> begins = beginnings(consumer, partitions);
        ends.forEach((tp, end) -> {
            if (end != null
                    && recorder.assigned(
                            tp.topic(), tp.partition(), end, readingStart(consumer, tp, begins.get(tp), end))) {
                log.info(
                        "Offset ledger of {} forgotten: it held offsets at or past the log's end ({}), from an "
                                + "earlier topic",
                        tp,
                        end);
            }
        });
    }

    /**
     * Where the consumer will read {@code tp} from, or -1 when that is not known: a committed offset
     * outside the log (deleted by retention, or from an earlier topic) is only where the consumer
     * will reset from, and counting the offsets from there as gaps would call records never read
     * read. A timeout here skips this partition's start, not the other partitions' checks.
     */
    private static long readingStart(Consumer<?, ?> consumer, TopicPartition tp, Long begin, long end) {
        if (begin == null) {
            return -1;
        }
        try {
            long position = consumer.position(tp, ASK);
            return position >= begin && position <= end ? position : -1;
        } catch (TimeoutException | InvalidOffsetException e) {
            log.debug("No position of {} at its assignment: {}", tp, e.toString());
            return -1;
        }
    }

    /**
     * Every partition's end offset; when they do not all come within {@link #ASK}, each partition's
     * alone, so that the partitions whose leaders answer are checked and only the others are not
     * (named in a warning).
     */
    private static Map<TopicPartition, Long> endOffsets(
            Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        try {
            return consumer.endOffsets(partitions, ASK);
        } catch (TimeoutException e) {
            Map<TopicPartition, Long> ends = new HashMap<>();
            List<TopicPartition> unanswered = new ArrayList<>();
            long deadline = System.nanoTime() + ASK.toNanos();
            for (TopicPartition tp : partitions) {
                long left = deadline - System.nanoTime();
                try {
                    if (left <= 0) {
                        throw new TimeoutException("no time left to ask");
                    }
                    ends.putAll(consumer.endOffsets(List.of(tp), min(ASK_EACH, Duration.ofNanos(left))));
                } catch (TimeoutException again) {
                    unanswered.add(tp);
                }
            }
            if (!unanswered.isEmpty()) {
                log.warn(
                        "No end offset of {} at their assignment (a leader gives none while its high watermark lags"
                                + " the start of its epoch, as when it took over with fewer replicas in sync than"
                                + " min.insync.replicas): their offset ledgers are neither checked against the log"
                                + " nor told where reading begins",
                        unanswered);
            }
            return ends;
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static Map<TopicPartition, Long> beginnings(
            Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        try {
            return consumer.beginningOffsets(partitions, ASK);
        } catch (TimeoutException e) {
            log.debug("No log start offsets of {} at their assignment: {}", partitions, e.toString());
            return Map.of();
        }
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
