package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
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
    void underCommitAutoWhatWasProcessedOfTheRevokedPartitionsIsCommittedBeforeTheAppHearsOfIt() {
        MockConsumer<byte[], byte[]> consumer = subscribedTo(List.of(P0, P1));
        consumer.seek(P0, 42);
        consumer.seek(P1, 7);
        Told told = new Told();
        ContainerProperties properties = new ContainerProperties("lab.orders");
        properties.setConsumerRebalanceListener(told);

        AutoCommitOnRevoke.set(properties, true);
        ((ConsumerAwareRebalanceListener) properties.getConsumerRebalanceListener())
                .onPartitionsRevokedBeforeCommit(consumer, List.of(P0));

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
        MockConsumer<byte[], byte[]> consumer = subscribedTo(List.of(P0, GONE));
        consumer.seek(P0, 42);
        consumer.seek(GONE, 9);
        // A pattern subscription drops a deleted topic from the subscription before its partitions are revoked.
        consumer.subscribe(List.of("lab.orders"));
        Told told = new Told();
        ContainerProperties properties = new ContainerProperties("lab.orders");
        properties.setConsumerRebalanceListener(told);

        AutoCommitOnRevoke.set(properties, true);
        ((ConsumerAwareRebalanceListener) properties.getConsumerRebalanceListener())
                .onPartitionsRevokedBeforeCommit(consumer, List.of(P0, GONE));

        assertThat(consumer.committed(Set.of(P0, GONE)))
                .containsEntry(P0, new OffsetAndMetadata(42))
                .doesNotContainKey(GONE);
        assertThat(told.calls).containsExactly("revoked 2");
    }

    /** A consumer subscribed to the partitions' topics and assigned them, as a group member is. */
    private static MockConsumer<byte[], byte[]> subscribedTo(List<TopicPartition> partitions) {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        consumer.subscribe(
                partitions.stream().map(TopicPartition::topic).distinct().toList());
        consumer.rebalance(partitions);
        return consumer;
    }
}
