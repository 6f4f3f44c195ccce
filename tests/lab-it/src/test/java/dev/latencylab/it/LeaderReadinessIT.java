package dev.latencylab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.kafka.topics.LeaderReadiness;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A topic created a moment ago, on three real brokers: LeaderReadiness returns once every
 * partition's leader serves it, after which an idempotent acks=all producer writes every partition
 * at once; a topic that does not exist is retried until the deadline, then named as unknown.
 */
class LeaderReadinessIT {

    private static KafkaCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        cluster = KafkaCluster.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aNewTopicIsWritableOnEveryPartitionOnceItsLeadersAnswer() throws Exception {
        int partitions = 60;
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic("lab.orders.ready", partitions, (short) 3)
                            .configs(Map.of("min.insync.replicas", "2"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);

            assertThat(LeaderReadiness.await(admin, "lab.orders.ready", Duration.ofSeconds(30)))
                    .isEqualTo(partitions);
        }
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000);
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<RecordMetadata>> sends = new ArrayList<>();
            for (int round = 0; round < 20; round++) {
                for (int p = 0; p < partitions; p++) {
                    sends.add(producer.send(new ProducerRecord<>("lab.orders.ready", p, null, new byte[400])));
                }
            }
            for (Future<RecordMetadata> send : sends) {
                assertThat(send.get(30, TimeUnit.SECONDS).hasOffset()).isTrue();
            }
        }
    }

    @Test
    void aTopicThatDoesNotExistIsRetriedUntilTheDeadlineThenNamedUnknown() throws Exception {
        try (Admin admin = cluster.admin()) {
            long started = System.nanoTime();
            assertThatThrownBy(() -> LeaderReadiness.await(admin, "lab.orders.missing", Duration.ofSeconds(2)))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(UnknownTopicOrPartitionException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThan(Duration.ofMillis(1500));
        }
    }
}
