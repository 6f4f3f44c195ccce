package dev.latencylab.it;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * Three real brokers and one KRaft controller in this JVM, from Kafka's own test kit, with the
 * lab's broker defaults (RF 3, min.insync.replicas 2). {@code @EmbeddedKafka(count = 3)} does
 * not form a quorum on Kafka 4.x here; the test kit does.
 */
final class KafkaCluster implements AutoCloseable {

    private final KafkaClusterTestKit kit;

    private KafkaCluster(KafkaClusterTestKit kit) {
        this.kit = kit;
    }

    static KafkaCluster start() throws Exception {
        KafkaClusterTestKit kit = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setNumBrokerNodes(3)
                        .setNumControllerNodes(1)
                        .build())
                .setConfigProp("default.replication.factor", "3")
                .setConfigProp("min.insync.replicas", "2")
                .setConfigProp("offsets.topic.replication.factor", "3")
                .setConfigProp("transaction.state.log.replication.factor", "3")
                .setConfigProp("transaction.state.log.min.isr", "2")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("auto.create.topics.enable", "false")
                // Share groups: an acquisition lock of 2 s (the brokers' default floor for it, 15 s, lowered to
                // 1 s), so a test sees one run out in seconds.
                .setConfigProp("group.share.min.record.lock.duration.ms", "1000")
                .setConfigProp("group.share.record.lock.duration.ms", "2000")
                .build();
        kit.format();
        kit.startup();
        kit.waitForReadyBrokers();
        return new KafkaCluster(kit);
    }

    String bootstrapServers() {
        return kit.bootstrapServers();
    }

    void createTopic(String name, int partitions) throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(
                            new NewTopic(name, partitions, (short) 3).configs(Map.of("min.insync.replicas", "2"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    void deleteTopic(String name) throws Exception {
        try (Admin admin = admin()) {
            admin.deleteTopics(List.of(name)).all().get(30, TimeUnit.SECONDS);
        }
    }

    /**
     * The topic with partition p led by broker (p + shift) % 3, so a topic created again can be led
     * elsewhere than before, as the controller's placement often does on a real cluster. A deletion
     * completes on the brokers a moment after the admin call returns: until then the name is taken.
     */
    void createTopicOnceTheOldOneIsGone(String name, int partitions, int shift) throws Exception {
        Map<Integer, List<Integer>> replicas = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            int leader = (p + shift) % 3;
            replicas.put(p, List.of(leader, (leader + 1) % 3, (leader + 2) % 3));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Admin admin = admin()) {
                admin.createTopics(List.of(new NewTopic(name, replicas).configs(Map.of("min.insync.replicas", "2"))))
                        .all()
                        .get(30, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    /** The broker that coordinates consumer group {@code group} now (it holds the group's offsets partition). */
    int coordinatorOf(String group) throws Exception {
        try (Admin admin = admin()) {
            return admin.describeConsumerGroups(List.of(group))
                    .describedGroups()
                    .get(group)
                    .get(30, TimeUnit.SECONDS)
                    .coordinator()
                    .id();
        }
    }

    /** The broker that leads {@code partition} of {@code topic} now. */
    int leaderOf(String topic, int partition) throws Exception {
        try (Admin admin = admin()) {
            return admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(30, TimeUnit.SECONDS)
                    .get(topic)
                    .partitions()
                    .get(partition)
                    .leader()
                    .id();
        }
    }

    /** A clean shutdown of one broker, for good: the cluster goes on with the others. */
    void stopBroker(int id) {
        kafka.server.BrokerServer broker = kit.brokers().get(id);
        broker.shutdown();
        broker.awaitShutdown();
    }

    Admin admin() {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        return Admin.create(props);
    }

    @Override
    public void close() throws Exception {
        kit.close();
    }
}
