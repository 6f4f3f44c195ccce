package dev.latencylab.runner.results.collect;

import java.time.Duration;

/**
 * The runner's PromQL, each expression written once: every rate() takes the range this is made
 * with. For one phase that is the phase's measured window, evaluated at the window's end, so each
 * rate is the average over exactly the measured part of the phase, and each increase() the count
 * over it (the Kafka client gauges, trailing averages themselves, as closely as they allow: see
 * producerGauge); for the charts it is their trailing range ({@link MetricsCollector#CHART_RANGE}).
 *
 * <p>Metric and label names are the contract's (docs/contracts.md, "Prometheus jobs and labels"):
 * series are selected by {@code job}, the one label every target has, the same in compose and local
 * mode ({@code app} exists on the two apps only, brokers have {@code broker}). The brokers' queries take the
 * matchers and per-broker label of {@link BrokerMetrics}: a cluster the lab does not run is read from its owner's
 * Prometheus, with their labels.
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

    private static final String PRODUCER = "job=\"producer-app\"";
    private static final String CONSUMER = "job=\"consumer-app\"";
    private final String w;
    private final long windowSeconds;
    /** The label matchers of the brokers' series, without braces (empty: none), and the label per broker. */
    private final String kafka;

    private final String perBroker;

    /** @param window the range of every rate(): a phase's measured window, or the charts' range */
    public PhaseQueries(Duration window) {
        this(window, BrokerMetrics.LAB_SELECTOR, "broker");
    }

    /**
     * @param brokerSelector PromQL label matchers that pick the brokers' series, without braces; empty for none
     * @param perBroker the label that tells the brokers apart
     */
    PhaseQueries(Duration window, String brokerSelector, String perBroker) {
        // Prometheus ranges take whole units; a window is never rounded up past what was measured.
        this.windowSeconds = Math.max(1, window.toSeconds());
        this.w = windowSeconds + "s";
        this.kafka = brokerSelector;
        this.perBroker = perBroker;
    }

    /** The queries of these brokers' figures. */
    PhaseQueries(Duration window, BrokerMetrics brokers) {
        this(window, brokers.selector(), brokers.perBroker());
    }

    public String producerCpu() {
        return sumRate("process_cpu_time_ns_total", PRODUCER) + " / 1e9";
    }

    public String consumerCpu() {
        return sumRate("process_cpu_time_ns_total", CONSUMER) + " / 1e9";
    }

    private String sumRate(String metric, String selector) {
        return "sum(rate(" + series(metric, selector) + "[" + w + "]))";
    }

    /** A series selector; no braces when there are no matchers. */
    private static String series(String metric, String matchers) {
        return matchers.isEmpty() ? metric : metric + "{" + matchers + "}";
    }

    /** The brokers' matchers and one more (either may be empty). */
    private String kafka(String matcher) {
        return kafka.isEmpty() || matcher.isEmpty() ? kafka + matcher : kafka + "," + matcher;
    }

    /** One sample per broker (its broker label in the lab, its instance elsewhere). */
    public String brokerCpu() {
        return "sum by (" + perBroker + ") (rate(" + series("process_cpu_seconds_total", kafka) + "[" + w + "]))";
    }

    /**
     * Seconds of GC pause per second of the window, summed over one app's collectors (Micrometer's
     * jvm_gc_pause_seconds).
     */
    public String producerGcPause() {
        return sumRate("jvm_gc_pause_seconds_sum", PRODUCER);
    }

    public String consumerGcPause() {
        return sumRate("jvm_gc_pause_seconds_sum", CONSUMER);
    }

    /**
     * The same for the brokers, summed over the three: the JMX exporter's JVM collector reports each
     * collector's collection time (for G1's young and mixed collections, their pauses).
     */
    public String brokerGcPause() {
        return sumRate("jvm_gc_collection_seconds_sum", kafka);
    }

    /*
     * Broker metric names are those of the common JMX exporter rule sets for Kafka (docs/contracts.md, "Broker
     * metrics"), the lab's brokers' and, as a rule, a user's cluster's.
     */
    /** Requests by type (label request), per broker and API version. */
    static final String BROKER_REQUESTS = "kafka_network_requestmetrics_requests_total";
    /** Bytes from clients (label topic; the broker's total has none). */
    static final String BROKER_BYTES_IN = "kafka_server_brokertopicmetrics_bytesin_total";

    /** Sum over brokers; never "Fetch", which already adds FetchConsumer and FetchFollower. */
    public String requests(String request) {
        return sumRate(BROKER_REQUESTS, kafka("request=\"" + request + "\""));
    }

    /** The all-topics series is the one without a topic label; topic="" selects exactly it. */
    public String bytesIn() {
        return sumRate(BROKER_BYTES_IN, kafka("topic=\"\""));
    }

    /** A quantile of one of the consumer's histograms (seconds), e.g. lab_e2e_latency_seconds. */
    public String consumerQuantile(String histogram, double q) {
        return "histogram_quantile(" + q + ", sum by (le) (rate(" + histogram + "_bucket{" + CONSUMER + "}[" + w
                + "])))";
    }

    /*
     * The Kafka producer client's own counters, as Micrometer exports them (KafkaMetrics: "kafka." +
     * group without "-metrics" + "." + name, '-' to '.', then Prometheus' '_'; a CumulativeSum or
     * CumulativeCount becomes a counter). Producer-level ("producer-metrics"):
     */
    /** Records the client sent (record-send-total; the Sender adds each request's record count). */
    static final String CLIENT_RECORDS_SENT = "kafka_producer_record_send_total";
    /** Requests the client sent, of every kind (request-total; Produce but also a few Metadata, ApiVersions). */
    static final String CLIENT_REQUESTS = "kafka_producer_request_total";
    /** Bytes the client wrote to the brokers' sockets, request headers included (outgoing-byte-total). */
    static final String CLIENT_BYTES_SENT = "kafka_producer_outgoing_byte_total";
    /** Per topic ("producer-topic-metrics"): the batches' bytes as sent, after compression (byte-total). */
    static final String CLIENT_BATCH_BYTES = "kafka_producer_topic_byte_total";
    /** Per topic: the records in those batches (record-send-total). */
    static final String CLIENT_BATCH_RECORDS = "kafka_producer_topic_record_send_total";

    /**
     * How much one of the producer client's counters grew over the window. Summed over the series:
     * every settings change makes a new producer with its own client_id (and so its own series
     * from zero), and the per-topic counters have a series per topic; with the phase's warm-up
     * before the window, only the phase's own producer counts in it.
     */
    public String producerCounterIncrease(String counter) {
        return "sum(increase(" + counter + "{" + PRODUCER + "}[" + w + "]))";
    }

    /** The kafka-clients version in the producer's client metrics, as the kafka_version label of one series. */
    static String producerKafkaVersion() {
        return "group by (kafka_version) (kafka_producer_request_rate{" + PRODUCER + "})";
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
        String gauge = "max without(client_id, spring_id, kafka_version) (" + metric + "{" + PRODUCER + "} >= 0)";
        long tail = windowSeconds - CLIENT_AVERAGE_SPAN.toSeconds();
        if (tail < SCRAPE_SECONDS) {
            return "max(" + gauge + ")";
        }
        return "max(avg_over_time(" + gauge + "[" + tail + "s:" + SCRAPE_SECONDS + "s]))";
    }
}
