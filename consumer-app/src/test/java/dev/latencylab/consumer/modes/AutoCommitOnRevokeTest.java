package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ContainerProperties;

class AutoCommitOnRevokeTest {

    private static final TopicPartition P0 = new TopicPartition("lab.orders", 0);
    private static final TopicPartition P1 = new TopicPartition("lab.orders", 1);
    private static final TopicPartition GONE = new TopicPartition("lab.orders.compare-drain", 0);

    /** The app's own listener, recording what it was told. */
    private static final class Told implements ConsumerAwareRebalanceListener {
        final List<String> calls = new ArrayList<>();

        @Override
        public void onPartitionsRevokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
            calls.add("revoked " + partitions.size());
        }
    }

    @Test
    void underCommitAutoWhatWasProcessedOfTheRevokedPartitionsIsCommittedAndTheAppHearsOfIt() {
        MockConsumer<byte[], byte[]> consumer = subscribedTo(List.of(P0, P1));
        consumer.seek(P0, 42);
        consumer.seek(P1, 7);
        Told told = revokedUnderAuto(consumer, List.of(P0));

        assertThat(consumer.committed(Set.of(P0, P1)))
                .containsEntry(P0, new OffsetAndMetadata(42))
                .doesNotContainKey(P1);
        assertThat(told.calls).containsExactly("revoked 1");
    }

    @Test
    void anotherModeGetsTheAppsOwnListenerBackAndASecondAutoDoesNotWrapTwice() {
        Told told = new Told();
        ContainerProperties properties = new ContainerProperties("lab.orders");
        properties.setConsumerRebalanceListener(told);

        AutoCommitOnRevoke.set(properties, true);
        AutoCommitOnRevoke.set(properties, true);
        MockConsumer<byte[], byte[]> consumer = subscribedTo(List.of(P0));
        consumer.seek(P0, 3);
        ((ConsumerAwareRebalanceListener) properties.getConsumerRebalanceListener())
                .onPartitionsRevokedBeforeCommit(consumer, List.of(P0));
        assertThat(told.calls).as("told once: one wrapper").containsExactly("revoked 1");

        AutoCommitOnRevoke.set(properties, false);

        assertThat(properties.getConsumerRebalanceListener()).isSameAs(told);
        assertThat(Map.copyOf(consumer.committed(Set.of(P0)))).containsEntry(P0, new OffsetAndMetadata(3));
    }

    @Test
    void aDeletedTopicsPartitionsAreNotCommittedSoARecreatedTopicOfThatNameStartsAtItsBeginning() {
        // Deleted: a pattern subscription still holds it until the consumer's metadata catches up (seen
        // in compare's logs), so only the cluster's topic list tells.
        MockConsumer<byte[], byte[]> consumer = subscribedTo(List.of(P0, GONE), List.of(P0));
        consumer.seek(P0, 42);
        consumer.seek(GONE, 9);
        Told told = revokedUnderAuto(consumer, List.of(P0, GONE));

        assertThat(consumer.committed(Set.of(P0, GONE)))
                .containsEntry(P0, new OffsetAndMetadata(42))
                .doesNotContainKey(GONE);
        assertThat(told.calls).containsExactly("revoked 2");
    }

    @Test
    void aCommitThatTimesOutLeavesTheRecordsToBeReadAgainAndNeitherStallsNorHidesTheRevocation() {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest") {
            @Override
            public void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, Duration timeout) {
                assertThat(timeout).as("bounded").isEqualTo(AutoCommitOnRevoke.TIMEOUT);
                throw new TimeoutException("Timeout of " + timeout.toMillis() + "ms expired");
            }
        };
        consumer.subscribe(List.of(P0.topic()));
        consumer.rebalance(List.of(P0));
        consumer.updatePartitions(P0.topic(), List.of(new PartitionInfo(P0.topic(), 0, null, null, null)));
        consumer.seek(P0, 42);
        Told told = revokedUnderAuto(consumer, List.of(P0));

        assertThat(consumer.committed(Set.of(P0))).doesNotContainKey(P0);
        assertThat(told.calls).as("the app no longer announces the partition").containsExactly("revoked 1");
    }

    /** The app's listener, wrapped for commit auto, told that {@code partitions} of {@code consumer} are revoked. */
    private static Told revokedUnderAuto(MockConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions) {
        Told told = new Told();
        ContainerProperties properties = new ContainerProperties("lab.orders");
        properties.setConsumerRebalanceListener(told);
        AutoCommitOnRevoke.set(properties, true);
        ((ConsumerAwareRebalanceListener) properties.getConsumerRebalanceListener())
                .onPartitionsRevokedBeforeCommit(consumer, partitions);
        return told;
    }

    /** A consumer subscribed to the partitions' existing topics and assigned them, as a group member is. */
    private static MockConsumer<byte[], byte[]> subscribedTo(List<TopicPartition> partitions) {
        return subscribedTo(partitions, partitions);
    }

    /** {@link #subscribedTo(List)} where only the topics of {@code existing} are in the cluster. */
    private static MockConsumer<byte[], byte[]> subscribedTo(
            List<TopicPartition> partitions, List<TopicPartition> existing) {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        consumer.subscribe(
                partitions.stream().map(TopicPartition::topic).distinct().toList());
        consumer.rebalance(partitions);
        for (TopicPartition tp : existing) {
            consumer.updatePartitions(
                    tp.topic(), List.of(new PartitionInfo(tp.topic(), tp.partition(), null, null, null)));
        }
        return consumer;
    }
}
