package dev.latencylab.runner.results;

import java.time.Duration;

/**
 * PromQL for one phase's measured window, evaluated at the window's end with a range equal to
 * the window, so each rate is the average over exactly the measured part of the phase (the Kafka
 * client gauges, trailing averages themselves, as closely as they allow: see producerGauge).
 * Metric and label names are the contract's (docs/contracts.md).
 */
final class PhaseQueries {

    /**
     * The span of the Kafka client's own averages: metrics.sample.window.ms (30 s by default) times
     * metrics.num.samples (2), of which between one and two windows are in use at any time. A client
     * gauge read at time t therefore averages roughly the 30-60 s before t.
     */
    static final Duration CLIENT_AVERAGE_SPAN = Duration.ofSeconds(30);
    /** Prometheus' scrape interval (docs/contracts.md), the subquery step. */
    private static final long SCRAPE_SECONDS = 5;

    private final String w;
    private final long windowSeconds;

    public PhaseQueries(Duration window) {
        // Prometheus ranges take whole units; a window is never rounded up past what was measured.
        this.windowSeconds = Math.max(1, window.toSeconds());
        this.w = windowSeconds + "s";
    }

    public String producerCpu() {
        return "sum(rate(process_cpu_time_ns_total{job=\"producer-app\"}[" + w + "])) / 1e9";
    }

    public String consumerCpu() {
        return "sum(rate(process_cpu_time_ns_total{job=\"consumer-app\"}[" + w + "])) / 1e9";
    }

    /** One sample per broker label. */
    public String brokerCpu() {
        return "sum by (broker) (rate(process_cpu_seconds_total{job=\"kafka\"}[" + w + "]))";
    }

    /** Sum over brokers; never "Fetch", which already adds FetchConsumer and FetchFollower. */
    public String requests(String request) {
        return "sum(rate(kafka_network_requests_total{job=\"kafka\",request=\"" + request + "\"}[" + w + "]))";
    }

    /** The all-topics series is the one without a topic label; topic="" selects exactly it. */
    public String bytesIn() {
        return "sum(rate(kafka_server_bytes_in_total{job=\"kafka\",topic=\"\"}[" + w + "]))";
    }

    /**
     * A Kafka producer client gauge for the window. client_id changes on every producer reset, so it
     * is aggregated away; {@code >= 0} drops the NaN the client reports before its first batch.
     *
     * <p>The gauge is itself a trailing 30-60 s average, so averaging it over the whole window would
     * weigh in the time before the window (a phase's first seconds, its warm-up) several times over.
     * It is averaged only over the part of the window whose trailing span starts inside it, and read
     * at the window's end when the window is too short for that (then it includes some of the phase's
     * own warm-up: every phase has a fresh producer, so never another phase's records).
     */
    public String producerGauge(String metric) {
        String gauge = "max without(client_id, spring_id, kafka_version) (" + metric + "{job=\"producer-app\"} >= 0)";
        long tail = windowSeconds - CLIENT_AVERAGE_SPAN.toSeconds();
        if (tail < SCRAPE_SECONDS) {
            return "max(" + gauge + ")";
        }
        return "max(avg_over_time(" + gauge + "[" + tail + "s:" + SCRAPE_SECONDS + "s]))";
    }
}
