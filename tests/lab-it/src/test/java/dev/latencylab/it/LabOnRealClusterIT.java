package dev.latencylab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The two apps against three real brokers (RF 3, min.insync.replicas 2), driven through their
 * HTTP endpoints exactly as the runner and scripts drive them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class LabOnRealClusterIT {

    private static final String TOPIC = "lab.orders.it";
    private static final int PARTITIONS = 3;
    /** Records left out at the start of a latency sample: 2 s at 50 records/s. */
    private static final int WARM_UP_RECORDS = 100;
    /** Records in a latency sample: 10 s at 50 records/s. */
    private static final int SAMPLE_RECORDS = 500;

    private KafkaCluster cluster;
    private LabApps apps;

    @BeforeAll
    void startClusterAndApps() throws Exception {
        cluster = KafkaCluster.start();
        cluster.createTopic(TOPIC, PARTITIONS);
        apps = LabApps.start(cluster.bootstrapServers(), TOPIC, PARTITIONS);
    }

    @AfterAll
    void stop() throws Exception {
        if (apps != null) {
            apps.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void quietStream() {
        stopLoadAndDrain();
        awaitConsumerCaughtUp(-1);
        assertThat(apps.consumerHttp.delete("/actuator/latency").status()).isEqualTo(204);
    }

    @AfterEach
    void stopLoad() {
        post("{\"running\": false}");
    }

    @Test
    void hotSwitchingLingerAndCompressionUnderLoadLosesAndDuplicatesNothing() {
        long sentBefore = producerState().path("counters").path("sent").asLong();
        // Each switch opens a phase of its own, named or by hand: the consumer keys phases by the id the records carry.
        post("{\"rate\": 400, \"lingerMs\": 20, \"batchSize\": 16384, \"compression\": \"none\", \"running\": true,"
                + " \"phase\": 500}");
        Set<Integer> used = new HashSet<>(Set.of(500));
        int[] lingers = {0, 5, 10, 20};
        for (int i = 0; i < 12; i++) {
            String compression = i == 7 ? "lz4" : "none";
            // Every other switch by hand, naming no phase: the producer gives it one of its own.
            boolean byHand = i % 2 == 1;
            JsonNode state = post("{\"lingerMs\": " + lingers[i % 4] + ", \"compression\": \"" + compression + "\""
                    + (byHand ? "}" : ", \"phase\": " + (501 + i) + "}"));
            assertThat(state.path("settings").path("lingerMs").asInt()).isEqualTo(lingers[i % 4]);
            assertThat(state.path("settings").path("compression").asString()).isEqualTo(compression);
            int phase = state.path("phase").asInt();
            if (byHand) {
                assertThat(phase).isGreaterThanOrEqualTo(2_000_000_000).isNotIn(used);
                assertThat(state.path("phaseName").asString())
                        .isEqualTo("by hand: lingerMs=" + lingers[i % 4] + " compression=" + compression);
            } else {
                assertThat(phase).isEqualTo(501 + i);
            }
            used.add(phase);
            long sentAtSwitch = state.path("counters").path("sent").asLong();
            await("records flowing after switch " + i)
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> producerState().path("counters").path("sent").asLong() > sentAtSwitch + 200);
            if (compression.equals("lz4")) {
                // The Kafka producer itself compresses now, not just the header that says so.
                await("lz4 batches").atMost(Duration.ofSeconds(30)).until(() -> compressionRate() < 0.9);
            }
        }
        long sent = stopLoadAndDrain() - sentBefore;

        JsonNode latency = awaitConsumerCaughtUp(sent);
        JsonNode producer = latency.path("producers").get(0);
        assertThat(producer.path("firstSequence").asLong()).isEqualTo(sentBefore);
        assertThat(producer.path("highestSequence").asLong()).isEqualTo(sentBefore + sent - 1);
        assertThat(producer.path("received").asLong()).isEqualTo(sent);
        assertThat(latency.path("totals").path("lost").asLong()).isZero();
        assertThat(latency.path("totals").path("duplicated").asLong()).isZero();
        assertThat(latency.path("totals").path("outOfOrder").asLong()).isZero();
        Set<Integer> phases = new HashSet<>();
        latency.path("phases").forEach(p -> phases.add(p.path("phase").asInt()));
        assertThat(phases).containsExactlyInAnyOrderElementsOf(used);
        assertThat(producerState().path("counters").path("failed").asLong()).isZero();
    }

    @Test
    void eachNewProducersPerTopicCountersReachPrometheusWithinSecondsOfItsFirstSend() {
        post("{\"rate\": 200, \"lingerMs\": 0, \"compression\": \"none\", \"running\": true}");
        await("per-topic counters of the first producer")
                .atMost(Duration.ofSeconds(20))
                .until(() ->
                        !clientIds("kafka_producer_topic_record_send_total").isEmpty());
        Set<String> before = clientIds("kafka_producer_request_total");
        post("{\"lingerMs\": 7}"); // a new Kafka producer, with a new client id
        // Micrometer looks for a client's new meters once a minute by default; the lab's producer every 5 s.
        await("per-topic counters of the new producer")
                .atMost(Duration.ofSeconds(20))
                .until(() -> clientIds("kafka_producer_topic_record_send_total").stream()
                        .anyMatch(id -> !before.contains(id)));
        post("{\"running\": false}");
    }

    private Set<String> clientIds(String metric) {
        Matcher m = Pattern.compile(metric + "\\{[^}]*client_id=\"([^\"]+)\"")
                .matcher(apps.producerHttp.get("/actuator/prometheus").body());
        Set<String> ids = new HashSet<>();
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    @Test
    void lingerTwentyAddsAtLeastEightMillisecondsToTheMedianAtLowRate() {
        double p50Linger0 = medianAt(0);
        double p50Linger20 = medianAt(20);
        System.out.printf(
                "physics check: p50 e2e at 50 records/s, linger 0: %.2f ms, linger 20: %.2f ms%n",
                p50Linger0, p50Linger20);
        assertThat(p50Linger20 - p50Linger0).isGreaterThanOrEqualTo(8.0);
    }

    /**
     * Nothing sits on every level check: spring-kafka asks logback whether trace is on for every record
     * sent, and Micrometer's logback metrics put a turbo filter in front of every such question.
     */
    @Test
    void noLogbackTurboFilterSitsOnEveryLevelCheck() {
        var logback = (ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
        assertThat(logback.getTurboFilterList()).isEmpty();
    }

    @Test
    void everyBadInputIsRefusedWithItsFieldAndChangesNothing() {
        post(
                "{\"lingerMs\": 5, \"batchSize\": 16384, \"compression\": \"none\", \"rate\": 100, \"payloadBytes\": 400}");
        JsonNode before = producerState();
        Map<String, String> badBodies = Map.ofEntries(
                Map.entry("{\"lingerMs\": -1}", "lingerMs"),
                Map.entry("{\"lingerMs\": 100000}", "lingerMs"),
                Map.entry("{\"lingerMs\": \"abc\"}", "lingerMs"),
                Map.entry("{\"lingerMs\": 2.5}", "lingerMs"),
                Map.entry("{\"batchSize\": -16}", "batchSize"),
                Map.entry("{\"compression\": \"brotli\"}", "compression"),
                Map.entry("{\"compression\": 3}", "compression"),
                Map.entry("{\"rate\": 0}", "rate"),
                Map.entry("{\"rate\": -5}", "rate"),
                Map.entry("{\"rate\": 1000000000}", "rate"),
                Map.entry("{\"rate\": 1e-12}", "rate"),
                Map.entry("{\"lingerMs\": 99999, \"lingerMs\": 5}", "body"),
                Map.entry("{\"rate\": \"fast\"}", "rate"),
                Map.entry("{\"payloadBytes\": 100}", "payloadBytes"),
                Map.entry("{\"payloadBytes\": 5000000}", "payloadBytes"),
                Map.entry("{\"running\": \"yes\"}", "running"),
                Map.entry("{\"keyStrategy\": \"random\"}", "keyStrategy"),
                Map.entry("{\"lingerMs\": 10, \"lingerMS\": 20}", "lingerMS"),
                Map.entry("{\"lingerMs\": 10, \"rate\": 0}", "rate"),
                Map.entry("{\"lingerMs\": 10", "body"),
                Map.entry("[10]", "body"),
                Map.entry("", "body"));
        badBodies.forEach((body, field) -> {
            LabHttp.Response response = apps.producerHttp.post("/actuator/producer", body);
            assertThat(response.status()).as("status for %s", body).isEqualTo(400);
            assertThat(response.json().path("field").asString())
                    .as("field for %s", body)
                    .isEqualTo(field);
            assertThat(response.json().path("error").asString())
                    .as("message for %s", body)
                    .contains(field);
            JsonNode after = producerState();
            assertThat(after.path("settings")).as("settings after %s", body).isEqualTo(before.path("settings"));
            assertThat(after.path("generation")).as("generation after %s", body).isEqualTo(before.path("generation"));
        });
        assertThat(apps.producerHttp
                        .post("/actuator/producer", "{\"lingerMs\": 10}")
                        .json()
                        .path("settings")
                        .path("lingerMs")
                        .asInt())
                .isEqualTo(10);
    }

    @Test
    void poisonRecordsAreCountedAndSkippedWhileValidRecordsKeepFlowing() throws Exception {
        post("{\"rate\": 200, \"lingerMs\": 0, \"compression\": \"none\", \"running\": true}");
        await().atMost(Duration.ofSeconds(30)).until(() -> received() > 100);
        try (KafkaProducer<byte[], byte[]> poison = rawProducer()) {
            byte[] json = "{\"orderId\":\"x\"}".getBytes(StandardCharsets.US_ASCII);
            poison.send(new ProducerRecord<>(TOPIC, null, "k".getBytes(), json)).get();
            poison.send(new ProducerRecord<byte[], byte[]>(
                            TOPIC, null, null, json, List.of(new RecordHeader(LabHeader.KEY, "garbage".getBytes()))))
                    .get();
            // Two records of a producer of their own (sequence 0 and 1) whose values are not the lab's JSON:
            // records all the same, counted, only not latency samples.
            UUID other = UUID.randomUUID();
            byte[] validHeader = LabHeader.encode(new RecordStamp(1, 1, 0, other, 0));
            byte[] nextHeader = LabHeader.encode(new RecordStamp(1, 1, 1, other, 0));
            poison.send(new ProducerRecord<byte[], byte[]>(
                            TOPIC,
                            null,
                            null,
                            "not json at all".getBytes(),
                            List.of(new RecordHeader(LabHeader.KEY, validHeader))))
                    .get();
            poison.send(new ProducerRecord<byte[], byte[]>(
                            TOPIC, null, null, null, List.of(new RecordHeader(LabHeader.KEY, nextHeader))))
                    .get();
        }
        await("poison counted").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode skipped = latency().path("totals").path("skipped");
            assertThat(skipped.path("noHeader").asLong()).isEqualTo(1);
            assertThat(skipped.path("badHeader").asLong()).isEqualTo(1);
            assertThat(skipped.path("badPayload").asLong()).isEqualTo(2);
        });
        long afterPoison = received();
        await("valid records keep flowing").atMost(Duration.ofSeconds(30)).until(() -> received() > afterPoison + 400);
        long sent = stopLoadAndDrain();
        JsonNode totals = awaitConsumerCaughtUp(-1).path("totals");
        assertThat(totals.path("lost").asLong()).isZero();
        assertThat(totals.path("duplicated").asLong()).isZero();
        assertThat(sent).isPositive();
    }

    @Test
    void aPausedConsumerReadsNothingAndLosesNothingOnceResumed() {
        LabHttp.Response paused = apps.consumerHttp.post("/actuator/latency", "{\"consuming\": false}");
        assertThat(paused.status()).isEqualTo(200);
        assertThat(paused.json().path("consuming").asBoolean(true)).isFalse();
        long sentBefore = producerState().path("counters").path("sent").asLong();
        long receivedBefore = received();
        post("{\"rate\": 200, \"lingerMs\": 0, \"compression\": \"none\", \"running\": true}");
        await("records sent while paused")
                .atMost(Duration.ofSeconds(30))
                .until(() -> producerState().path("counters").path("acked").asLong() > sentBefore + 300);
        long sent = stopLoadAndDrain() - sentBefore;
        assertThat(received()).as("nothing read while paused").isEqualTo(receivedBefore);
        assertThat(apps.consumerHttp
                        .post("/actuator/latency", "{\"consuming\": true}")
                        .status())
                .isEqualTo(200);
        JsonNode totals = awaitConsumerCaughtUp(receivedBefore + sent).path("totals");
        assertThat(totals.path("received").asLong()).isEqualTo(receivedBefore + sent);
        assertThat(totals.path("lost").asLong()).isZero();
        assertThat(totals.path("duplicated").asLong()).isZero();
    }

    @Test
    void prometheusShowsTheLabsSeriesAndKafkaClientMetrics() {
        post("{\"rate\": 200, \"running\": true}");
        await().atMost(Duration.ofSeconds(30)).until(() -> received() > 200);
        String producerMetrics = apps.producerHttp.get("/actuator/prometheus").body();
        String consumerMetrics = apps.consumerHttp.get("/actuator/prometheus").body();
        assertThat(producerMetrics)
                .contains(
                        "lab_producer_records_sent_total",
                        "lab_producer_linger_ms",
                        "lab_producer_settings_generation",
                        "lab_producer_compression_info{",
                        "lab_producer_target_rate",
                        "lab_producer_publish_delay_seconds_bucket{",
                        "lab_producer_ack_latency_seconds_bucket{",
                        "kafka_producer_batch_size_avg",
                        "kafka_producer_records_per_request_avg",
                        "kafka_producer_compression_rate_avg",
                        "kafka_producer_record_queue_time_avg",
                        "kafka_producer_request_rate");
        assertThat(consumerMetrics)
                .contains(
                        "lab_e2e_latency_seconds_bucket{",
                        "lab_e2e_corrected_latency_seconds_bucket{",
                        "lab_consumer_lost_records_total",
                        "lab_consumer_duplicate_records_total",
                        "lab_consumer_skipped_records_total{",
                        "kafka_consumer_fetch_manager_records_lag_max");
        assertThat(consumerMetrics).containsPattern("lab_e2e_latency_seconds_bucket\\{[^}]*phase=\"\\d+\"");
        assertThat(producerMetrics).containsPattern("lab_phase_info\\{[^}]*linger_ms=\"\\d+\"");
    }

    /**
     * The median e2e latency of {@link #SAMPLE_RECORDS} records at 50 records/s with this linger. The
     * median needs a number of records at a fixed low rate, not a duration: the producer keeps the
     * rate, so the waits below are for records to arrive, however long a slow machine takes.
     */
    private double medianAt(int lingerMs) {
        // Each linger its own named phase: the consumer keys phases by the id the records carry.
        post("{\"rate\": 50, \"lingerMs\": " + lingerMs + ", \"compression\": \"none\", \"running\": true, "
                + "\"phase\": " + phaseOf(lingerMs) + "}");
        // Warm-up: a fresh producer's first records wait for its metadata fetch and its first connection
        // to each partition leader; the phase is reset once they have arrived, so they are not measured.
        await("warm-up records with linger " + lingerMs)
                .atMost(Duration.ofSeconds(30))
                .until(() -> phaseCount(lingerMs) >= WARM_UP_RECORDS);
        assertThat(apps.consumerHttp.delete("/actuator/latency?scope=phases").status())
                .isEqualTo(204);
        await("sample with linger " + lingerMs)
                .atMost(Duration.ofSeconds(60))
                .until(() -> phaseCount(lingerMs) >= SAMPLE_RECORDS);
        JsonNode phase = phase(lingerMs);
        assertThat(phase).as("phase for linger %d in %s", lingerMs, latency()).isNotNull();
        return phase.path("latencyMs").path("p50").asDouble();
    }

    /** The phase id the records sent with this linger carry. */
    private static int phaseOf(int lingerMs) {
        return 100 + lingerMs;
    }

    /** The consumer's phase of this linger that has records, or null. */
    private JsonNode phase(int lingerMs) {
        for (JsonNode phase : latency().path("phases")) {
            if (phase.path("phase").asInt() == phaseOf(lingerMs)
                    && phase.path("count").asLong() > 0) {
                return phase;
            }
        }
        return null;
    }

    private long phaseCount(int lingerMs) {
        JsonNode phase = phase(lingerMs);
        return phase == null ? 0 : phase.path("count").asLong();
    }

    /** Stops the load and waits for every record sent to be acknowledged; returns the sent count. */
    private long stopLoadAndDrain() {
        post("{\"running\": false}");
        await("all sends acknowledged").atMost(Duration.ofSeconds(60)).until(() -> {
            JsonNode c = producerState().path("counters");
            return c.path("acked").asLong() + c.path("failed").asLong()
                    == c.path("sent").asLong();
        });
        return producerState().path("counters").path("sent").asLong();
    }

    private JsonNode awaitConsumerCaughtUp(long expectedReceived) {
        long lastSent = producerState().path("counters").path("lastSequence").asLong();
        await("consumer caught up").atMost(Duration.ofSeconds(60)).until(() -> {
            JsonNode report = latency();
            JsonNode totals = report.path("totals");
            boolean seenLast = lastSent < 0
                    || report.path("producers").findValues("highestSequence").stream()
                            .anyMatch(h -> h.asLong() >= lastSent);
            return seenLast
                    && totals.path("pending").asLong() == 0
                    && (expectedReceived < 0 || totals.path("received").asLong() >= expectedReceived);
        });
        return latency();
    }

    /** The live producer's compression-rate-avg (compressed / uncompressed size), from its Prometheus page. */
    private double compressionRate() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(?m)^kafka_producer_compression_rate_avg\\{[^}]*} ([0-9.eE+-]+|NaN)$")
                .matcher(apps.producerHttp.get("/actuator/prometheus").body());
        double lowest = Double.NaN;
        while (m.find()) {
            double value = m.group(1).equals("NaN") ? Double.NaN : Double.parseDouble(m.group(1));
            if (value > 0 && !(value >= lowest)) {
                lowest = value;
            }
        }
        return Double.isNaN(lowest) ? 1.0 : lowest;
    }

    private JsonNode post(String body) {
        LabHttp.Response response = apps.producerHttp.post("/actuator/producer", body);
        assertThat(response.status()).as("POST %s -> %s", body, response.body()).isEqualTo(200);
        return response.json();
    }

    private JsonNode producerState() {
        return apps.producerHttp.get("/actuator/producer").json();
    }

    private JsonNode latency() {
        return apps.consumerHttp.get("/actuator/latency").json();
    }

    private long received() {
        return latency().path("totals").path("received").asLong();
    }

    private KafkaProducer<byte[], byte[]> rawProducer() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return new KafkaProducer<>(props);
    }
}
