package dev.latencylab.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real brokers' MBeans (Kafka's test kit, in this JVM) through the lab's exporter rules, run by the exporter agent
 * the brokers load: every broker metric the runner and the dashboards ask for is there under the common JMX
 * exporter name, with its labels (lab-checks' JmxExporterRulesTest checks the same on stand-in MBeans; this
 * checks that Kafka names its MBeans as the stand-ins do).
 */
class BrokerMetricNamesIT {

    private static final String TOPIC = "lab.metric-names";

    private static KafkaCluster kafka;
    private static String scrape;

    @BeforeAll
    static void trafficThenScrape() throws Exception {
        kafka = KafkaCluster.start();
        kafka.createTopic(TOPIC, 3);
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < 100; i++) {
                producer.send(new ProducerRecord<>(TOPIC, "k" + i, "v" + i)).get();
            }
        }
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "metric-names");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            int seen = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (seen < 100 && System.nanoTime() < deadline) {
                seen += consumer.poll(Duration.ofMillis(500)).count();
            }
            consumer.commitSync();
        }
        scrape = scrape();
    }

    @AfterAll
    static void stop() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void theRunnersAndDashboardsBrokerMetricsAreExportedUnderTheCommonNames() {
        for (String series : List.of(
                "kafka_server_brokertopicmetrics_bytesin_total{topic=\"" + TOPIC + "\"}",
                "kafka_server_brokertopicmetrics_bytesin_total ",
                "kafka_server_brokertopicmetrics_bytesout_total ",
                "kafka_server_brokertopicmetrics_messagesin_total{topic=\"" + TOPIC + "\"}",
                "kafka_server_brokertopicmetrics_replicationbytesin_total ",
                "kafka_network_requestmetrics_requests_total{request=\"Produce\",",
                "kafka_network_requestmetrics_requests_total{request=\"FetchConsumer\",",
                "kafka_network_requestmetrics_requests_total{request=\"FetchFollower\",",
                "kafka_network_requestmetrics_requests_total{request=\"OffsetCommit\",",
                "kafka_network_requestmetrics_totaltimems{quantile=\"0.50\",request=\"Produce\"}",
                "kafka_network_requestmetrics_totaltimems{quantile=\"0.99\",request=\"FetchConsumer\"}",
                "kafka_network_requestmetrics_totaltimems_count{request=\"Produce\"}",
                "kafka_network_requestmetrics_totaltimems_mean{request=\"Produce\"}",
                "kafka_network_requestmetrics_requestqueuetimems_mean{request=\"Produce\"}",
                "kafka_network_requestmetrics_localtimems_count{request=\"FetchFollower\"}",
                "kafka_network_requestmetrics_remotetimems_mean{request=\"Produce\"}",
                "kafka_network_requestmetrics_responsequeuetimems_count{request=\"FetchConsumer\"}",
                "kafka_network_requestmetrics_responsesendtimems_mean{request=\"Produce\"}",
                "kafka_log_log_size{partition=\"0\",topic=\"" + TOPIC + "\"}",
                "kafka_server_replicamanager_underreplicatedpartitions ",
                "kafka_server_replicamanager_underminisrpartitioncount ",
                "kafka_server_replicamanager_leadercount ",
                "kafka_server_replicamanager_isrshrinks_total ",
                "kafka_server_replicamanager_isrexpands_total ",
                "kafka_server_kafkarequesthandlerpool_brokerrequesthandleravgidlepercent_count ",
                "kafka_server_kafkarequesthandlerpool_requesthandleravgidlepercent_total ",
                "kafka_server_socket_server_metrics_io_wait_time_ns_total{listener=\"",
                "kafka_server_delayedoperationpurgatory_numdelayedoperations{delayedOperation=\"Produce\"}",
                "kafka_server_delayedoperationpurgatory_purgatorysize{delayedOperation=\"Fetch\"}",
                "kafka_controller_kafkacontroller_activecontrollercount ",
                "kafka_controller_kafkacontroller_offlinepartitionscount ",
                "kafka_controller_kafkacontroller_newactivecontrollerscount ",
                "kafka_controller_controllerstats_uncleanleaderelections_total ",
                "kafka_controller_controllerstats_electionfromeligibleleaderreplicas_total ")) {
            assertThat(scrape)
                    .as("a scrape of the test kit's brokers has %s", series)
                    .contains("\n" + series);
        }
        assertThat(scrape)
                .as("each network thread by listener and processor")
                .containsPattern("\nkafka_server_socket_server_metrics_io_wait_time_ns_total\\{listener=\"[^\"]+\","
                        + "networkProcessor=\"[0-9]+\"}");
    }

    /** The exporter agent's collector on this JVM's MBeans with the lab's rules, as a scrape shows them. */
    private static String scrape() throws Exception {
        Path agentJar = Path.of(System.getProperty("jmx.agent.jar"));
        Path rules = Path.of(System.getProperty("jmx.rules"));
        try (URLClassLoader agent =
                new URLClassLoader(new URL[] {agentJar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Object collector = agent.loadClass("io.prometheus.jmx.JmxCollector")
                    .getConstructor(File.class)
                    .newInstance(rules.toFile());
            Class<?> registryClass = agent.loadClass("io.prometheus.metrics.model.registry.PrometheusRegistry");
            Object registry = registryClass.getConstructor().newInstance();
            collector.getClass().getMethod("register", registryClass).invoke(collector, registry);
            Object snapshots = registryClass.getMethod("scrape").invoke(registry);
            Class<?> writerClass =
                    agent.loadClass("io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            writerClass
                    .getMethod(
                            "write",
                            OutputStream.class,
                            agent.loadClass("io.prometheus.metrics.model.snapshots.MetricSnapshots"))
                    .invoke(writerClass.getConstructor(boolean.class).newInstance(false), out, snapshots);
            return "\n" + out.toString(StandardCharsets.UTF_8);
        }
    }
}
