package dev.latencylab.runner.metrics;

import java.time.Duration;

/**
 * PromQL for one phase's measured window, evaluated at the window's end with a range equal to
 * the window, so each figure is the average over exactly the measured part of the phase.
 * Metric and label names are the contract's (docs/contracts.md).
 */
public final class PhaseQueries {

    private final String w;

    public PhaseQueries(Duration window) {
        // Prometheus ranges take whole units; a window is never rounded up past what was measured.
        this.w = Math.max(1, window.toSeconds()) + "s";
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
     * A Kafka producer client gauge averaged over the window. client_id changes on every producer
     * reset, so it is aggregated away; {@code >= 0} drops the NaN the client reports before its
     * first batch, which would otherwise turn the whole average into NaN.
     */
    public String producerGauge(String metric) {
        return "max(avg_over_time(max without(client_id, spring_id, kafka_version) (" + metric
                + "{job=\"producer-app\"} >= 0)[" + w + ":5s]))";
    }
}
