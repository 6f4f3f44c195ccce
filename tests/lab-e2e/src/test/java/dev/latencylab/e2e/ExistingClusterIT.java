package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code scripts/lab up --local --bootstrap} against a cluster the lab did not start: three
 * brokers of Kafka's test kit in this JVM, on ports of their own, watched by the user's own Prometheus
 * (the JMX exporter on their brokers, another port). The lab starts only its Prometheus and the apps; a
 * short sweep runs the same way, its broker figures read from the user's Prometheus ({@code --prometheus});
 * {@code down} leaves nothing of the lab and the user's cluster up.
 */
class ExistingClusterIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(8);
    private final Path root =
            Path.of(System.getProperty("lab.root", "../..")).toAbsolutePath().normalize();
    private final Path work = Path.of(System.getProperty("lab.e2e.dir", "target/e2e"))
            .toAbsolutePath()
            .resolve("existing-cluster");

    @Test
    void theAppsRunAgainstAClusterTheLabDidNotStart() throws Exception {
        Path labDir = work.resolve(".lab");
        // The apps log the Kafka client configs they use at INFO (the apps keep org.apache.kafka at WARN).
        LabScript lab = new LabScript(
                root,
                work.resolve("logs"),
                Map.of(
                        "LAB_DIR",
                        labDir.toString(),
                        "LAB_APP_JAVA_OPTS",
                        "-Xms512m -Xmx512m -Dlogging.level.org.apache.kafka.common.config.AbstractConfig=info"));
        try (KafkaClusterTestKit cluster = usersCluster();
                UsersMonitoring monitoring = UsersMonitoring.start(root, work)) {
            String bootstrap = cluster.bootstrapServers();
            Path config = work.resolve("client.properties");
            Files.createDirectories(work);
            // What a user with security would put here; PLAINTEXT keeps it runnable without certificates.
            Files.writeString(
                    config,
                    "# the user's client settings\nsecurity.protocol=PLAINTEXT\nclient.dns.lookup=use_all_dns_ips\n"
                            // Not Kafka's default, so the apps' logged client configs show it arrived.
                            + "connections.max.idle.ms=540123\n");
            try {
                List<String> upArgs = new java.util.ArrayList<>(
                        List.of("up", "--local", "--bootstrap", bootstrap, "--client-config", config.toString()));
                // The user's Prometheus, which scrapes their brokers: the lab reads the broker figures there.
                upArgs.addAll(UsersMonitoring.args(monitoring));
                LabScript.Result up = lab.run(TIMEOUT, upArgs.toArray(String[]::new));
                assertThat(up.ok()).as(up.describe()).isTrue();
                assertThat(up.output()).contains("existing cluster: " + bootstrap);
                assertThat(Files.exists(labDir.resolve("pids/kafka-1.pid")))
                        .as("no broker of the lab's")
                        .isFalse();
                // The client settings reach the apps through a file of this user's, never their command
                // line, which every user of the machine can read (a sasl.jaas.config holds a password).
                for (String app : List.of("producer-app", "consumer-app")) {
                    String pid = Files.readString(labDir.resolve("pids/" + app + ".pid"))
                            .strip()
                            .split("\\s+")[0];
                    String cmdline =
                            Files.readString(Path.of("/proc", pid, "cmdline")).replace('\0', ' ');
                    assertThat(cmdline).as(app + "'s command line").doesNotContain("connections.max.idle.ms");
                }
                for (String file : List.of("client.properties", "client-app.properties")) {
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(labDir.resolve(file))))
                            .as(file)
                            .isEqualTo("rw-------");
                }

                Path results = work.resolve("results");
                LabScript.Result sweep = lab.run(
                        TIMEOUT,
                        "sweep",
                        "--warmup",
                        "1s",
                        "--phase-duration",
                        "8s",
                        "--stack-warmup",
                        "0s",
                        "--results",
                        results.toString());
                assertThat(sweep.ok()).as(sweep.describe()).isTrue();
                Path dir;
                try (Stream<Path> dirs = Files.list(results)) {
                    dir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
                }
                JsonNode summary = JsonMapper.builder()
                        .build()
                        .readTree(dir.resolve("summary.json").toFile());
                assertThat(summary.path("phases").size()).isEqualTo(4);
                for (JsonNode p : summary.path("phases")) {
                    assertThat(p.path("fenced").asBoolean())
                            .as(p.path("name") + " fenced")
                            .isTrue();
                    assertThat(p.path("counts").path("lost").asLong(-1)).isZero();
                    assertThat(p.path("counts").path("acked").asLong(-1))
                            .isPositive()
                            .isEqualTo(p.path("counts").path("received").asLong());
                    // Read from the user's Prometheus: the brokers' requests and bytes, and their JVM's CPU.
                    assertThat(p.path("requestsPerSecond").path("produce").asDouble(-1))
                            .as(p.path("name") + " Produce requests/s from the user's Prometheus")
                            .isPositive();
                    assertThat(p.path("bytesInPerSecond").asDouble(-1))
                            .as(p.path("name") + " bytes in/s from the user's Prometheus")
                            .isPositive();
                    assertThat(p.path("cpuCores").path("brokersTotal").asDouble(-1))
                            .as(p.path("name") + " brokers' CPU from the user's Prometheus")
                            .isPositive();
                }
                assertThat(Files.readString(dir.resolve("summary.md"))).doesNotContain("Broker metrics: absent.");
                // The producer's Kafka client is made when the load first starts: by now both apps have theirs.
                for (String app : List.of("producer-app", "consumer-app")) {
                    assertThat(Files.readString(labDir.resolve("logs/" + app + ".out")))
                            .as(app + "'s client configs as Kafka logs them")
                            .contains("connections.max.idle.ms = 540123");
                }

                // A topic of the user's under a name a scenario gives a phase: the run stops naming it,
                // and the topic is the same one afterwards (same ID), never deleted and created anew.
                String theirs = "lab.orders.users-own";
                Uuid before;
                try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                    admin.createTopics(List.of(new NewTopic(theirs, 3, (short) 3)))
                            .all()
                            .get(30, TimeUnit.SECONDS);
                    before = topicId(admin, theirs);
                }
                Path scenario = work.resolve("users-topic.yaml");
                Files.writeString(
                        scenario,
                        """
                        name: users-topic
                        description: a phase whose topic the user's cluster already has
                        defaults:
                          warmup: 1s
                          duration: 2s
                          settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 200, payloadBytes: 400, keyStrategy: order-id}
                        phases:
                          - {name: theirs, settings: {}, topic: {name: 'lab.orders.users-own', partitions: 3}}
                        """);
                LabScript.Result refused = lab.run(
                        TIMEOUT,
                        "run",
                        scenario.toString(),
                        "--stack-warmup",
                        "0s",
                        "--results",
                        work.resolve("results-refused").toString());
                assertThat(refused.ok()).as(refused.describe()).isFalse();
                assertThat(refused.output())
                        .contains("topic " + theirs + " already exists on " + bootstrap)
                        .contains("the lab deletes only topics it created");
                try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                    assertThat(topicId(admin, theirs))
                            .as("the user's topic, untouched")
                            .isEqualTo(before);
                }

                // Backlogs past what the user's cluster keeps (log.retention.bytes 64 MiB per partition; the lab
                // topic set to 1 MiB): Kafka would delete their first records before the drain and the lab would
                // count them lost. Refused before anything is created or sent, each named with its sizes; so is a
                // topic whose config name the brokers do not know.
                try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                    ConfigResource labTopic = new ConfigResource(ConfigResource.Type.TOPIC, "lab.orders");
                    admin.incrementalAlterConfigs(Map.of(
                                    labTopic,
                                    List.of(new AlterConfigOp(
                                            new ConfigEntry("retention.bytes", "1048576"), AlterConfigOp.OpType.SET))))
                            .all()
                            .get(30, TimeUnit.SECONDS);
                }
                long sentBefore = labTopicEnd(bootstrap);
                Path refusedResults = work.resolve("results-backlogs");
                SweepAssertions.deleteTree(refusedResults, work);
                Path backlogs = work.resolve("backlogs.yaml");
                Files.writeString(
                        backlogs,
                        """
                        name: backlogs-past-retention
                        description: backlogs the user's cluster would trim before their drains
                        defaults:
                          warmup: 0s
                          duration: 30s
                          settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 20000, payloadBytes: 400, keyStrategy: order-id}
                        phases:
                          - {name: big, backlog: 500000, topic: {name: 'lab.orders.big', partitions: 3}}
                          - {name: on-the-lab-topic, backlog: 10000}
                          - {name: typo, topic: {name: 'lab.orders.typo', partitions: 3, configs: {retention.msec: '1000'}}}
                        """);
                LabScript.Result trimmed = lab.run(
                        TIMEOUT,
                        "run",
                        backlogs.toString(),
                        "--stack-warmup",
                        "0s",
                        "--results",
                        refusedResults.toString());
                assertThat(trimmed.exitCode()).as(trimmed.describe()).isEqualTo(2);
                assertThat(trimmed.output())
                        .contains("phase big's backlog: 500,000 records of about 500 B each")
                        .contains("about 79.5 MiB per partition of topic lab.orders.big's 3, past its retention.bytes"
                                + " of 64.0 MiB")
                        .contains("phase on-the-lab-topic's backlog: 10,000 records")
                        .contains("per partition of topic lab.orders's 3, past its retention.bytes of 1.0 MiB")
                        .contains("count them lost")
                        // The brokers' own check of a creation, asked before the run: not at the phase, minutes in.
                        .contains("phase typo's topic lab.orders.typo: the cluster would not create it:")
                        .contains("retention.msec");
                assertThat(labTopicEnd(bootstrap))
                        .as("records sent to lab.orders")
                        .isEqualTo(sentBefore);
                assertThat(work.resolve("results-backlogs"))
                        .as("no results folder")
                        .doesNotExist();
                try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                    assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
                            .as("the refused phases' topics, never created")
                            .doesNotContain("lab.orders.big", "lab.orders.typo");
                }
            } finally {
                LabScript.Result down = lab.run(TIMEOUT, "down", "--local");
                assertThat(down.ok()).as(down.describe()).isTrue();
            }
            await("the lab's pid files to be gone")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> !Files.exists(labDir.resolve("pids"))
                            || Files.list(labDir.resolve("pids")).findAny().isEmpty());
            // The user's cluster is still there: down touched nothing of it.
            assertThat(cluster.brokers()).hasSize(3);
            assertThat(Files.exists(labDir.resolve("bootstrap")))
                    .as("bootstrap forgotten")
                    .isFalse();
        }
    }

    private static long labTopicEnd(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            Map<TopicPartition, OffsetSpec> ends = new java.util.HashMap<>();
            for (int p = 0; p < 3; p++) {
                ends.put(new TopicPartition("lab.orders", p), OffsetSpec.latest());
            }
            return admin.listOffsets(ends).all().get(30, TimeUnit.SECONDS).values().stream()
                    .mapToLong(o -> o.offset())
                    .sum();
        }
    }

    private static Uuid topicId(Admin admin, String topic) throws Exception {
        return admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .get(topic)
                .topicId();
    }

    private static KafkaClusterTestKit usersCluster() throws Exception {
        KafkaClusterTestKit kit = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setNumBrokerNodes(3)
                        .setNumControllerNodes(1)
                        .build())
                .setConfigProp("default.replication.factor", "3")
                .setConfigProp("min.insync.replicas", "2")
                .setConfigProp("offsets.topic.replication.factor", "3")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("auto.create.topics.enable", "false")
                // A user's cluster that keeps less than the lab's own brokers (1 GiB per partition).
                .setConfigProp("log.retention.bytes", Long.toString(64L << 20))
                .build();
        kit.format();
        kit.startup();
        kit.waitForReadyBrokers();
        return kit;
    }
}
