package dev.latencylab.kafka.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeTopicsResult;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;

/**
 * The retries against an Admin that knows the topic only from a given try on (its leaders answer
 * at once then): the count once it does; for a topic never known, the unknown topic at the
 * deadline, not a call cut short by it.
 */
class LeaderReadinessTest {

    private static final String TOPIC = "lab.orders.t";
    private static final Node BROKER = new Node(1, "localhost", 9092);

    private final AtomicInteger describes = new AtomicInteger();

    /** An Admin whose describeTopics fails as unknown before try {@code knownFrom} (1, 2, ...). */
    private Admin knowingTheTopicFrom(int knownFrom) {
        return (Admin) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {Admin.class}, (p, m, a) -> switch (m.getName()) {
                    case "describeTopics" -> describe(describes.incrementAndGet() >= knownFrom);
                    case "listOffsets" -> latestOffsets();
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private static DescribeTopicsResult describe(boolean known) {
        KafkaFutureImpl<TopicDescription> description = new KafkaFutureImpl<>();
        if (known) {
            List<TopicPartitionInfo> partitions = List.of(0, 1, 2).stream()
                    .map(p -> new TopicPartitionInfo(p, BROKER, List.of(BROKER), List.of(BROKER)))
                    .toList();
            description.complete(new TopicDescription(TOPIC, false, partitions));
        } else {
            description.completeExceptionally(new UnknownTopicOrPartitionException("unknown " + TOPIC));
        }
        return new DescribeTopicsResult(null, Map.of(TOPIC, description)) {};
    }

    private static ListOffsetsResult latestOffsets() {
        Map<TopicPartition, KafkaFuture<ListOffsetsResult.ListOffsetsResultInfo>> offsets = new HashMap<>();
        for (int p = 0; p < 3; p++) {
            offsets.put(
                    new TopicPartition(TOPIC, p),
                    KafkaFuture.completedFuture(new ListOffsetsResult.ListOffsetsResultInfo(0, -1, Optional.empty())));
        }
        return new ListOffsetsResult(offsets);
    }

    @Test
    void returnsThePartitionsOnceTheTopicIsKnown() throws Exception {
        assertThat(LeaderReadiness.await(knowingTheTopicFrom(3), TOPIC, Duration.ofSeconds(10)))
                .isEqualTo(3);
        assertThat(describes).hasValue(3);
    }

    @Test
    void aTopicNeverKnownIsNamedAsUnknownAtTheDeadline() {
        long start = System.nanoTime();

        assertThatThrownBy(() ->
                        LeaderReadiness.await(knowingTheTopicFrom(Integer.MAX_VALUE), TOPIC, Duration.ofSeconds(1)))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(UnknownTopicOrPartitionException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(describes.get()).isGreaterThan(1);
    }
}
