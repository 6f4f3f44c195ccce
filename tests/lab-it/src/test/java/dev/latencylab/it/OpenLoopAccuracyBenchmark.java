package dev.latencylab.it;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * How faithfully the producer keeps an open-loop schedule: at a target rate against the real
 * 3-broker cluster, the achieved rate and the publish delay (actual minus intended send time).
 * Prints measured figures; asserts nothing about speed.
 *
 * <p>Run: {@code ./mvnw -pl tests/lab-it -am -Pbench verify -Dbench.rate=5000 -Dbench.seconds=60}
 */
class OpenLoopAccuracyBenchmark {

    private static final Pattern BUCKET =
            Pattern.compile("lab_producer_publish_delay_seconds_bucket\\{[^}]*le=\"([^\"]+)\"[^}]*} ([0-9.eE+-]+)");

    @Test
    void achievedRateAndPublishDelayAtATargetRate() throws Exception {
        double rate = Double.parseDouble(System.getProperty("bench.rate", "5000"));
        int seconds = Integer.getInteger("bench.seconds", 60);
        String topic = "lab.orders.bench";
        try (KafkaCluster cluster = KafkaCluster.start()) {
            cluster.createTopic(topic, 3);
            try (LabApps apps = LabApps.start(cluster.bootstrapServers(), topic, 3)) {
                apps.producerHttp.post("/actuator/producer", "{\"rate\": " + rate + ", \"running\": true}");
                Thread.sleep(5_000); // warm-up: JIT, connections, first batches
                apps.consumerHttp.delete("/actuator/latency?scope=phases");
                Map<Double, Double> bucketsBefore = publishDelayBuckets(apps);
                long t0 = System.nanoTime();
                long sent0 = counters(apps).path("sent").asLong();
                for (int i = 1; i <= seconds; i++) {
                    Thread.sleep(1_000);
                    if (i % 10 == 0) {
                        System.out.printf(
                                "bench: %d/%d s, sent %d%n",
                                i, seconds, counters(apps).path("sent").asLong());
                    }
                }
                long sent1 = counters(apps).path("sent").asLong();
                double elapsed = (System.nanoTime() - t0) / 1e9;
                Map<Double, Double> bucketsAfter = publishDelayBuckets(apps);
                JsonNode phase = apps.consumerHttp
                        .get("/actuator/latency")
                        .json()
                        .path("phases")
                        .get(0);
                apps.producerHttp.post("/actuator/producer", "{\"running\": false}");
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    JsonNode c = counters(apps);
                    return c.path("acked").asLong() + c.path("failed").asLong()
                            == c.path("sent").asLong();
                });

                double achieved = (sent1 - sent0) / elapsed;
                System.out.printf(
                        "%nOPEN-LOOP ACCURACY (target %.0f records/s, %d s measured, 3 brokers + both apps"
                                + " on this machine's %d cores)%n",
                        rate, seconds, Runtime.getRuntime().availableProcessors());
                System.out.printf(
                        "  achieved rate        %.1f records/s = %.4f x target (goal: within 1%%: %s)%n",
                        achieved, achieved / rate, Math.abs(achieved / rate - 1) <= 0.01 ? "met" : "NOT met");
                System.out.printf("  publish delay p50    %s%n", percentileRange(bucketsBefore, bucketsAfter, 0.50));
                System.out.printf("  publish delay p99    %s%n", percentileRange(bucketsBefore, bucketsAfter, 0.99));
                System.out.printf("  publish delay p99.9  %s%n", percentileRange(bucketsBefore, bucketsAfter, 0.999));
                System.out.printf(
                        "  e2e p50 / p99        %.2f / %.2f ms (corrected: %.2f / %.2f ms), %d records%n",
                        phase.path("latencyMs").path("p50").asDouble(),
                        phase.path("latencyMs").path("p99").asDouble(),
                        phase.path("correctedLatencyMs").path("p50").asDouble(),
                        phase.path("correctedLatencyMs").path("p99").asDouble(),
                        phase.path("count").asLong());
                System.out.printf(
                        "  failed sends         %d%n",
                        counters(apps).path("failed").asLong());
            }
        }
    }

    private static JsonNode counters(LabApps apps) {
        return apps.producerHttp.get("/actuator/producer").json().path("counters");
    }

    /** Cumulative bucket counts by upper bound (seconds), from the producer's Prometheus page. */
    private static Map<Double, Double> publishDelayBuckets(LabApps apps) {
        Map<Double, Double> buckets = new TreeMap<>();
        Matcher m = BUCKET.matcher(apps.producerHttp.get("/actuator/prometheus").body());
        while (m.find()) {
            buckets.put(
                    m.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(m.group(1)),
                    Double.parseDouble(m.group(2)));
        }
        return buckets;
    }

    /** The bucket the percentile falls in, from the counts added during the measured window. */
    private static String percentileRange(Map<Double, Double> before, Map<Double, Double> after, double q) {
        double total =
                after.getOrDefault(Double.POSITIVE_INFINITY, 0.0) - before.getOrDefault(Double.POSITIVE_INFINITY, 0.0);
        double lower = 0;
        for (Map.Entry<Double, Double> e : after.entrySet()) {
            double count = e.getValue() - before.getOrDefault(e.getKey(), 0.0);
            if (count >= q * total) {
                return String.format(
                        "between %.1f and %s ms (histogram bucket)",
                        lower * 1e3, e.getKey().isInfinite() ? "inf" : String.format("%.1f", e.getKey() * 1e3));
            }
            lower = e.getKey();
        }
        return "n/a";
    }
}
