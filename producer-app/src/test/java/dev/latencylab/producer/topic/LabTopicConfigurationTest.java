package dev.latencylab.producer.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyCollection;
import static org.mockito.ArgumentMatchers.anyMap;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.producer.LabProducerProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeTopicsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The lab topic at the producer-app's start, against an admin client that answers as a cluster would: one that
 * exists is left as it is (on a cluster the lab did not start it may be the user's; spring-kafka's NewTopic bean
 * grew it to the lab's partition count), one that is missing is created with the lab's layout and waited for
 * until its leaders serve it.
 */
class LabTopicConfigurationTest {

    private static final Node BROKER = new Node(1, "127.0.0.1", 9092);

    private final Admin client = mock(Admin.class);
    private final TopicCheck leaders = mock(TopicCheck.class);
    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withBean(KafkaAdmin.class, () -> new KafkaAdmin(Map.of("bootstrap.servers", "127.0.0.1:9092")) {
                @Override
                protected Admin createAdmin() {
                    return client;
                }
            })
            .withBean(LabProducerProperties.class, LabTopicConfigurationTest::properties)
            .withBean(TopicCheck.class, () -> leaders)
            .withUserConfiguration(LabTopicConfiguration.class);

    @Test
    void anExistingLabTopicIsLeftAsItIsThoughItHasFewerPartitionsThanTheLabWouldMake() {
        describes(KafkaFuture.completedFuture(description(1)));

        context.run(started -> {
            assertThat(started).hasNotFailed();
            verify(client, never()).createPartitions(anyMap());
            verify(client, never()).createPartitions(anyMap(), any());
            verify(client, never()).createTopics(anyCollection());
            verify(client, never()).createTopics(anyCollection(), any());
            verify(client, never()).incrementalAlterConfigs(anyMap());
            verify(client, never()).incrementalAlterConfigs(anyMap(), any());
            verify(leaders, never()).awaitLeaders(any());
        });
    }

    @Test
    void aMissingLabTopicIsCreatedWithTheLabsLayout() {
        KafkaFutureImpl<TopicDescription> missing = new KafkaFutureImpl<>();
        missing.completeExceptionally(new UnknownTopicOrPartitionException("no lab.orders"));
        describes(missing);
        CreateTopicsResult created = mock(CreateTopicsResult.class);
        when(created.all()).thenReturn(KafkaFuture.completedFuture(null));
        when(created.values()).thenReturn(Map.of("lab.orders", KafkaFuture.completedFuture(null)));
        when(client.createTopics(anyCollection())).thenReturn(created);
        when(client.createTopics(anyCollection(), any())).thenReturn(created);

        context.run(started -> {
            assertThat(started).hasNotFailed();
            List<NewTopic> asked = new ArrayList<>();
            ArgumentCaptor<Collection<NewTopic>> topics = topicsCaptor();
            verify(client, org.mockito.Mockito.atMost(1)).createTopics(topics.capture());
            topics.getAllValues().forEach(asked::addAll);
            ArgumentCaptor<Collection<NewTopic>> withOptions = topicsCaptor();
            verify(client, org.mockito.Mockito.atMost(1)).createTopics(withOptions.capture(), any());
            withOptions.getAllValues().forEach(asked::addAll);
            assertThat(asked).singleElement().satisfies(topic -> {
                assertThat(topic.name()).isEqualTo("lab.orders");
                assertThat(topic.numPartitions()).isEqualTo(3);
                assertThat(topic.replicationFactor()).isEqualTo((short) 3);
                assertThat(topic.configs()).containsEntry("min.insync.replicas", "2");
            });
            verify(client, never()).createPartitions(anyMap());
            // The load starts right after: not before every partition's leader serves the new topic.
            verify(leaders).awaitLeaders("lab.orders");
        });
    }

    private void describes(KafkaFuture<TopicDescription> labOrders) {
        DescribeClusterResult cluster = mock(DescribeClusterResult.class);
        when(cluster.clusterId()).thenReturn(KafkaFuture.completedFuture("a-cluster"));
        when(client.describeCluster()).thenReturn(cluster);
        when(client.describeCluster(any())).thenReturn(cluster);
        DescribeTopicsResult result = mock(DescribeTopicsResult.class);
        when(result.topicNameValues()).thenReturn(Map.of("lab.orders", labOrders));
        KafkaFutureImpl<Map<String, TopicDescription>> all = new KafkaFutureImpl<>();
        labOrders.whenComplete((description, failure) -> {
            if (failure != null) {
                all.completeExceptionally(failure);
            } else {
                all.complete(Map.of("lab.orders", description));
            }
        });
        when(result.allTopicNames()).thenReturn(all);
        when(client.describeTopics(anyCollection())).thenReturn(result);
        when(client.describeTopics(anyCollection(), any())).thenReturn(result);
    }

    private static TopicDescription description(int partitions) {
        List<TopicPartitionInfo> infos = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            infos.add(new TopicPartitionInfo(p, BROKER, List.of(BROKER), List.of(BROKER)));
        }
        return new TopicDescription("lab.orders", false, infos);
    }

    @SuppressWarnings("unchecked")
    private static ArgumentCaptor<Collection<NewTopic>> topicsCaptor() {
        return ArgumentCaptor.forClass(Collection.class);
    }

    private static LabProducerProperties properties() {
        return new LabProducerProperties(
                "lab.orders",
                3,
                (short) 3,
                2,
                1000,
                400,
                KeyStrategy.ORDER_ID,
                false,
                Duration.ofSeconds(30),
                Path.of("scenarios/payloads"),
                "lab.");
    }
}
