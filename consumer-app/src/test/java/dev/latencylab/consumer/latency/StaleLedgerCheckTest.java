package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.core.accounting.GroupLedger;
import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.latency.LatencyRecorder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * What the rebalance listener tells the offset ledger when partitions are assigned: where reading begins only
 * when the consumer's position is inside the log, and every partition's stale check even when one partition's
 * position cannot be had. Kafka's MockConsumer stands in for the consumer: its position is the committed offset
 * as a real consumer's is before its first fetch (which is when an offset outside the log is reset).
 */
class StaleLedgerCheckTest {

    private static final String TOPIC = "lab.orders.t";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    private final OffsetLedgers ledgers = OffsetLedgers.inMemory();
    private final StaleLedgerCheck check = new StaleLedgerCheck(new LatencyRecorder(Duration.ofSeconds(5), ledgers));

    @Test
    void aCommittedOffsetInsideTheLogIsWhereReadingBeginsTheOffsetsBeforeTheFirstRecordAsGaps() {
        MockConsumer<byte[], byte[]> consumer = consumer(Map.of(P0, 500L), Map.of(P0, 1000L), Map.of(P0, 700L));

        check.onPartitionsAssigned(consumer, List.of(P0));
        ledger().deliver(0, 703, 1);

        assertThat(ledger().view().partition(0).orElseThrow().firstOffset()).isEqualTo(700);
        assertThat(ledger().view().partition(0).orElseThrow().segments().get(0).gaps())
                .isEqualTo(3);
    }

    @Test
    void aCommittedOffsetBelowTheLogsStartIsNotWhereReadingBegins() {
        // Retention deleted offsets 100-499 unread: the consumer resets past them; they were not read as gaps.
        MockConsumer<byte[], byte[]> consumer = consumer(Map.of(P0, 500L), Map.of(P0, 1000L), Map.of(P0, 100L));

        check.onPartitionsAssigned(consumer, List.of(P0));
        ledger().deliver(0, 500, 1);

        assertThat(ledger().view().partition(0).orElseThrow().firstOffset()).isEqualTo(500);
        assertThat(ledger().view().partition(0).orElseThrow().segments().get(0).gaps())
                .isZero();
    }

    @Test
    void aPartitionWhosePositionTimesOutLeavesTheOtherPartitionsStaleChecksDone() {
        // Both partitions hold offsets past their new logs' ends: an earlier topic's.
        ledger().deliver(0, 5000, 1);
        ledger().deliver(1, 5000, 1);
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest") {
            @Override
            public synchronized long position(TopicPartition partition) {
                if (partition.equals(P0)) {
                    throw new TimeoutException("position of " + partition);
                }
                return super.position(partition);
            }
        };
        prepare(consumer, Map.of(P0, 0L, P1, 0L), Map.of(P0, 10L, P1, 10L), Map.of(P0, 0L, P1, 0L));

        check.onPartitionsAssigned(consumer, List.of(P0, P1));

        assertThat(ledger().view().partition(0)).as("partition 0 forgotten").isEmpty();
        assertThat(ledger().view().partition(1)).as("partition 1 forgotten").isEmpty();
    }

    @Test
    void aPartitionWhoseLeaderGivesNoEndOffsetIsLeftUncheckedTheOthersCheckedWithoutTheMinuteLongWait() {
        ledger().deliver(0, 5000, 1);
        ledger().deliver(1, 5000, 1);
        List<Duration> waits = new ArrayList<>();
        // Partition 0's new leader gives no end offset (its high watermark lags its epoch's start): Kafka's
        // consumer asks again until the timeout it is given, then fails the whole request.
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest") {
            @Override
            public synchronized Map<TopicPartition, Long> endOffsets(
                    Collection<TopicPartition> partitions, Duration timeout) {
                waits.add(timeout);
                if (partitions.contains(P0)) {
                    throw new TimeoutException("end offsets of " + partitions);
                }
                return super.endOffsets(partitions, timeout);
            }
        };
        prepare(consumer, Map.of(P0, 0L, P1, 0L), Map.of(P0, 10L, P1, 10L), Map.of(P0, 0L, P1, 0L));

        check.onPartitionsAssigned(consumer, List.of(P0, P1));

        assertThat(ledger().view().partition(0))
                .as("partition 0 not checked, kept")
                .isPresent();
        assertThat(ledger().view().partition(1))
                .as("partition 1 checked, forgotten")
                .isEmpty();
        assertThat(waits)
                .as("the whole assignment once, then each partition alone, never default.api.timeout.ms")
                .containsExactly(StaleLedgerCheck.ASK, StaleLedgerCheck.ASK_EACH, StaleLedgerCheck.ASK_EACH);
    }

    private GroupLedger ledger() {
        return ledgers.forTopic(TOPIC);
    }

    private static MockConsumer<byte[], byte[]> consumer(
            Map<TopicPartition, Long> begins, Map<TopicPartition, Long> ends, Map<TopicPartition, Long> committed) {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        prepare(consumer, begins, ends, committed);
        return consumer;
    }

    private static void prepare(
            MockConsumer<byte[], byte[]> consumer,
            Map<TopicPartition, Long> begins,
            Map<TopicPartition, Long> ends,
            Map<TopicPartition, Long> committed) {
        consumer.assign(begins.keySet());
        consumer.updateBeginningOffsets(begins);
        consumer.updateEndOffsets(ends);
        committed.forEach((tp, offset) -> consumer.commitSync(Map.of(tp, new OffsetAndMetadata(offset))));
    }
}
