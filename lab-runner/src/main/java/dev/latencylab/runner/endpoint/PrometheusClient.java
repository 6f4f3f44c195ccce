package dev.latencylab.runner.endpoint;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * Prometheus' HTTP query API, the one client the runner has: instant queries for per-phase
 * figures, range queries for charts, and range queries aligned the way Grafana's datasource
 * aligns them for the dashboard checks. Every answer is a list of {@link PromSeries}.
 */
public final class PrometheusClient {

    public static final String PART = "Prometheus";

    private final JsonHttp http;
    private final URI base;

    public PrometheusClient(JsonHttp http, URI base) {
        this.http = http;
        this.base = base;
    }

    public URI base() {
        return base;
    }

    public URI readiness() {
        return Urls.resolve(base, "/-/ready");
    }

    /**
     * An instant query; a scalar or string answer becomes one series without labels.
     *
     * @throws PromQueryException when Prometheus refuses the query
     * @throws EndpointException when Prometheus does not answer, or not with JSON
     */
    public List<PromSeries> instant(String promql, Instant at) throws InterruptedException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("query", promql);
        params.put("time", seconds(at.toEpochMilli()));
        JsonNode data = data(Urls.withQuery(base, "/api/v1/query", params), promql);
        List<PromSeries> series = new ArrayList<>();
        String type = data.path("resultType").asString("");
        if (type.equals("scalar") || type.equals("string")) {
            series.add(sample(Map.of(), data.path("result")));
            return series;
        }
        for (JsonNode r : data.path("result").values()) {
            series.add(sample(labels(r.path("metric")), r.path("value")));
        }
        return series;
    }

    /** A range query over exactly [start, end]. */
    public List<PromSeries> range(String promql, Instant start, Instant end, Duration step)
            throws InterruptedException {
        return range(promql, start.toEpochMilli(), end.toEpochMilli(), step);
    }

    /**
     * A range query with start and end aligned down to the step, as Grafana's Prometheus
     * datasource sends it, so a check sees what a panel shows.
     */
    public List<PromSeries> rangeAligned(String promql, Instant from, Instant to, Duration step)
            throws InterruptedException {
        long stepMs = stepMillis(step);
        long start = Math.floorDiv(from.toEpochMilli(), stepMs) * stepMs;
        long end = Math.floorDiv(to.toEpochMilli(), stepMs) * stepMs;
        return range(promql, start, Math.max(start, end), step);
    }

    private List<PromSeries> range(String promql, long startMs, long endMs, Duration step) throws InterruptedException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("query", promql);
        params.put("start", seconds(startMs));
        params.put("end", seconds(endMs));
        // A plain number of seconds: Prometheus 2.x refuses a "5.0s" style step.
        params.put("step", seconds(stepMillis(step)));
        JsonNode data = data(Urls.withQuery(base, "/api/v1/query_range", params), promql);
        List<PromSeries> series = new ArrayList<>();
        for (JsonNode r : data.path("result").values()) {
            List<JsonNode> samples = List.copyOf(r.path("values").values());
            long[] times = new long[samples.size()];
            double[] values = new double[samples.size()];
            for (int i = 0; i < samples.size(); i++) {
                times[i] = Math.round(samples.get(i).path(0).asDouble() * 1000);
                values[i] = number(samples.get(i).path(1));
            }
            series.add(new PromSeries(labels(r.path("metric")), times, values));
        }
        return series;
    }

    private JsonNode data(URI uri, String promql) throws InterruptedException {
        JsonHttp.Response r = http.get(PART, uri);
        JsonNode body;
        try {
            body = JsonHttp.MAPPER.readTree(r.body());
        } catch (RuntimeException e) {
            throw new EndpointException(
                    PART + " answered HTTP " + r.status() + " with something that is not JSON for " + promql);
        }
        if (!r.ok() || !"success".equals(body.path("status").asString(""))) {
            String error = body.path("error").asString("");
            if (error.isBlank()) {
                throw new EndpointException(PART + " at " + base + " answered HTTP " + r.status()
                        + " without a result: " + JsonHttp.abbreviate(r.body()));
            }
            String errorType = body.path("errorType").asString("error");
            throw new PromQueryException(
                    PART + " refused the query " + promql + ": HTTP " + r.status() + " " + errorType + " " + error,
                    errorType + ": " + error);
        }
        return body.path("data");
    }

    private static PromSeries sample(Map<String, String> labels, JsonNode value) {
        return new PromSeries(
                labels, new long[] {Math.round(value.path(0).asDouble() * 1000)}, new double[] {number(value.path(1))});
    }

    private static Map<String, String> labels(JsonNode metric) {
        Map<String, String> labels = new TreeMap<>();
        for (String name : metric.propertyNames()) {
            labels.put(name, metric.get(name).asString());
        }
        return labels;
    }

    private static double number(JsonNode v) {
        try {
            return Double.parseDouble(v.asString(""));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static long stepMillis(Duration step) {
        long millis = step.toMillis();
        if (millis <= 0) {
            throw new IllegalArgumentException("a query step must be positive, got " + step);
        }
        return millis;
    }

    private static String seconds(long epochMs) {
        return String.format(Locale.ROOT, "%.3f", epochMs / 1000.0);
    }
}
