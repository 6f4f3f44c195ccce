package dev.latencylab.runner.results.collect;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.PromSeries;
import dev.latencylab.runner.endpoint.PrometheusClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Asks Prometheus for each phase's figures and for the series the charts draw. A query that
 * fails or returns nothing yields null (and a warning), never a made-up number.
 */
public final class MetricsCollector {

    /** Scrape interval of every job (docs/contracts.md); also the charts' step. */
    public static final Duration STEP = Duration.ofSeconds(5);
    /**
     * Range of rate() in the charts: four scrape intervals. rate() needs two samples inside its
     * range, and with a 5 s scrape a range under 10 s often holds only one, so the series comes
     * back empty; four intervals always hold at least three samples and still show a phase switch
     * within 20 s (Grafana's $__rate_interval rule, 4x the scrape interval, for the same reason).
     */
    static final Duration CHART_WINDOW = STEP.multipliedBy(4);

    static final String CHART_RANGE = CHART_WINDOW.toSeconds() + "s";

    private final PrometheusClient prometheus;
    private final BrokerMetrics brokers;
    private final List<String> warnings = new ArrayList<>();

    /** The apps' and the brokers' figures from the lab's Prometheus. */
    public MetricsCollector(PrometheusClient prometheus) {
        this(prometheus, BrokerMetrics.lab(prometheus));
    }

    /** The apps' figures from the lab's Prometheus, the brokers' from where {@code brokers} says. */
    public MetricsCollector(PrometheusClient prometheus, BrokerMetrics brokers) {
        this.prometheus = prometheus;
        this.brokers = brokers;
        if (!brokers.selects()) {
            warnings.add("the brokers' CPU and GC are not asked of "
                    + brokers.prometheus().base()
                    + ": without --broker-selector their process and JVM series cannot be told from other processes'");
        }
    }

    /** Whether a broker's CPU figures carry one label for the whole run, so that a phase can miss one by name. */
    public boolean brokerIdsStable() {
        return brokers.idsStable();
    }

    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    public PhaseMetrics phase(Instant end, Duration window) throws InterruptedException {
        PhaseQueries q = new PhaseQueries(window, brokers);
        PrometheusClient b = brokers.prometheus();
        return new PhaseMetrics(
                scalar(q.producerCpu(), end),
                scalar(q.consumerCpu(), end),
                brokers.selects() ? byLabel(b, q.brokerCpu(), end, brokers.perBroker()) : Map.of(),
                scalar(b, q.requests("Produce"), end),
                scalar(b, q.requests("FetchConsumer"), end),
                scalar(b, q.requests("FetchFollower"), end),
                scalar(b, q.bytesIn(), end),
                scalar(q.producerCounterIncrease(PhaseQueries.CLIENT_RECORDS_SENT), end),
                scalar(q.producerCounterIncrease(PhaseQueries.CLIENT_REQUESTS), end),
                scalar(q.producerCounterIncrease(PhaseQueries.CLIENT_BYTES_SENT), end),
                scalar(q.producerCounterIncrease(PhaseQueries.CLIENT_BATCH_BYTES), end),
                scalar(q.producerCounterIncrease(PhaseQueries.CLIENT_BATCH_RECORDS), end),
                // No counter behind these three: the client keeps only its averages.
                scalar(q.producerGauge("kafka_producer_batch_size_avg"), end),
                scalar(q.producerGauge("kafka_producer_compression_rate_avg"), end),
                scalar(q.producerGauge("kafka_producer_record_queue_time_avg"), end),
                scalar(q.producerGcPause(), end),
                scalar(q.consumerGcPause(), end),
                brokers.selects() ? scalar(b, q.brokerGcPause(), end) : null,
                scalar(b, q.requests("OffsetCommit"), end));
    }

    /** The kafka-clients version the producer reports in its metrics' kafka_version label, if it does. */
    public Optional<String> producerKafkaVersion(Instant at) throws InterruptedException {
        try {
            return prometheus.instant(PhaseQueries.producerKafkaVersion(), at).stream()
                    .map(s -> s.labels().get("kafka_version"))
                    .filter(v -> v != null && !v.isBlank())
                    .findFirst();
        } catch (EndpointException e) {
            return Optional.empty();
        }
    }

    /** The charts' time series over the whole run. */
    public List<ChartData> series(Instant start, Instant end) throws InterruptedException {
        // The phase figures' queries with the charts' range instead of a phase's window.
        PhaseQueries q = new PhaseQueries(CHART_WINDOW, brokers);
        PrometheusClient b = brokers.prometheus();
        // Each point is a trailing window: a phase switch shows fully only one window later.
        String each = " (each point: the " + CHART_RANGE + " before it)";
        List<ChartData> charts = new ArrayList<>();
        charts.add(chart(
                "latency-over-time",
                "End-to-end latency, consumer histogram" + each,
                "ms",
                List.of(
                        def("p50", q.consumerQuantile("lab_e2e_latency_seconds", 0.50) + " * 1000"),
                        def("p99", q.consumerQuantile("lab_e2e_latency_seconds", 0.99) + " * 1000"),
                        def(
                                "p99 corrected",
                                q.consumerQuantile("lab_e2e_corrected_latency_seconds", 0.99) + " * 1000")),
                start,
                end));
        List<SeriesDef> cpu =
                new ArrayList<>(List.of(def("producer-app", q.producerCpu()), def("consumer-app", q.consumerCpu())));
        if (brokers.selects()) {
            cpu.add(byLabelDef(b, "broker ", brokers.perBroker(), q.brokerCpu()));
        }
        charts.add(chart("cpu", "CPU per process" + each, "cores", cpu, start, end));
        charts.add(chart(
                "requests",
                "Produce and fetch requests, sum over brokers" + each,
                "requests/s",
                List.of(
                        def(b, "Produce", q.requests("Produce")),
                        def(b, "FetchConsumer", q.requests("FetchConsumer")),
                        def(b, "FetchFollower", q.requests("FetchFollower"))),
                start,
                end));
        charts.add(chart(
                "bytes-in",
                "Bytes in from producers, sum over brokers" + each,
                "kB/s (1 kB = 1000 B)",
                List.of(def(b, "bytes in", q.bytesIn() + " / 1000")),
                start,
                end));
        return charts;
    }

    /** A query, the Prometheus it is asked of, and how to name each series it returns. */
    private record SeriesDef(PrometheusClient prometheus, String promql, Function<Map<String, String>, String> label) {}

    private SeriesDef def(String label, String promql) {
        return def(prometheus, label, promql);
    }

    private static SeriesDef def(PrometheusClient prometheus, String label, String promql) {
        return new SeriesDef(prometheus, promql, labels -> label);
    }

    private static SeriesDef byLabelDef(PrometheusClient prometheus, String prefix, String labelName, String promql) {
        return new SeriesDef(prometheus, promql, labels -> prefix + labels.getOrDefault(labelName, "?"));
    }

    private ChartData chart(String key, String title, String unit, List<SeriesDef> defs, Instant start, Instant end)
            throws InterruptedException {
        List<ChartData.Line> lines = new ArrayList<>();
        for (SeriesDef d : defs) {
            try {
                List<PromSeries> result = d.prometheus().range(d.promql(), start, end, STEP);
                result.stream()
                        .sorted((a, b) ->
                                d.label().apply(a.labels()).compareTo(d.label().apply(b.labels())))
                        .forEach(s -> lines.add(new ChartData.Line(
                                d.label().apply(s.labels()),
                                s.points().stream()
                                        .map(p -> new TimePoint(p.time(), p.value()))
                                        .toList())));
                if (result.isEmpty()) {
                    warnings.add("Prometheus has no data for chart " + key + " series: " + d.promql());
                }
            } catch (EndpointException e) {
                warnings.add("chart " + key + ": " + e.getMessage());
            }
        }
        return new ChartData(key, title, unit, lines);
    }

    private Double scalar(String promql, Instant at) throws InterruptedException {
        return scalar(prometheus, promql, at);
    }

    private Double scalar(PrometheusClient prometheus, String promql, Instant at) throws InterruptedException {
        try {
            List<PromSeries> samples = prometheus.instant(promql, at);
            if (samples.isEmpty() || samples.get(0).value() == null) {
                warnings.add("Prometheus has no value at " + at + " for " + promql);
                return null;
            }
            return samples.get(0).value();
        } catch (EndpointException e) {
            warnings.add(e.getMessage());
            return null;
        }
    }

    private Map<String, Double> byLabel(PrometheusClient prometheus, String promql, Instant at, String label)
            throws InterruptedException {
        Map<String, Double> values = new TreeMap<>();
        try {
            for (PromSeries s : prometheus.instant(promql, at)) {
                if (s.value() != null) {
                    values.put(s.labels().getOrDefault(label, "?"), s.value());
                }
            }
            if (values.isEmpty()) {
                warnings.add("Prometheus has no value at " + at + " for " + promql);
            }
        } catch (EndpointException e) {
            warnings.add(e.getMessage());
        }
        return values;
    }
}
