package dev.latencylab.runner.compare;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/** How the closed-loop floor's consumer fetches. */
enum FloorFetch {
    /**
     * The consumer-app's fetch settings at start (Kafka's defaults: a fetch waits in the broker's
     * purgatory until a byte arrives): the lab's own floor, against which its goal is judged.
     */
    LAB("500"),
    /**
     * fetch.max.wait.ms 0, as EndToEndLatency fetches: the consumer asks again as soon as a fetch
     * returns empty, burning a CPU, so nothing waits for a wake-up. The physical bound of the machine,
     * which no consumer-app setting the lab uses reaches.
     */
    BUSY_POLL("0");

    private final String fetchMaxWaitMs;

    FloorFetch(String fetchMaxWaitMs) {
        this.fetchMaxWaitMs = fetchMaxWaitMs;
    }

    Map<String, String> consumerSettings() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, fetchMaxWaitMs);
        c.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "1");
        return c;
    }
}
