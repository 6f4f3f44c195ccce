package dev.latencylab.runner.results.collect;

import dev.latencylab.runner.endpoint.PrometheusClient;

/**
 * Where the brokers' figures are read: a Prometheus, the label matchers that pick the brokers' series in it, and
 * the label that tells one broker from another. The lab's own brokers are job="kafka" in the lab's Prometheus,
 * told apart by the {@code broker} label its targets carry; a cluster the lab does not run is read from its
 * owner's Prometheus ({@code --broker-prometheus}), where only the user knows which series are the brokers' (a
 * selector such as {@code job="kafka"}) and each scrape target is an {@code instance}.
 *
 * @param selector PromQL label matchers without braces, e.g. {@code job="kafka"}; empty for none
 */
public record BrokerMetrics(PrometheusClient prometheus, String selector, String perBroker) {

    /** The lab's own brokers: docs/contracts.md, "Prometheus jobs and labels". */
    static final String LAB_SELECTOR = "job=\"kafka\"";

    public BrokerMetrics {
        selector = selector == null ? "" : selector.strip();
    }

    /** The lab's brokers, in the lab's Prometheus. */
    public static BrokerMetrics lab(PrometheusClient labs) {
        return new BrokerMetrics(labs, LAB_SELECTOR, "broker");
    }

    /** A user's brokers, in the user's Prometheus, picked by {@code selector} (empty: by their metric names alone). */
    public static BrokerMetrics users(PrometheusClient users, String selector) {
        return new BrokerMetrics(users, selector, "instance");
    }

    /**
     * Whether each broker keeps its label for the whole run: the lab's own, by node id; a user's are told
     * apart by scrape target ({@code instance}), which a broker started again elsewhere (a new pod) changes.
     */
    boolean idsStable() {
        return "broker".equals(perBroker);
    }

    /**
     * Whether the brokers' series are picked by label. The process and JVM metrics (CPU, GC) carry no Kafka name,
     * so without a selector they would be every process' in that Prometheus: they are not asked for then.
     */
    boolean selects() {
        return !selector.isEmpty();
    }
}
