package dev.latencylab.runner.grafana;

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

import dev.latencylab.runner.http.EndpointException;
import dev.latencylab.runner.http.JsonHttp;
import dev.latencylab.runner.http.Urls;

/**
 * Prometheus' query API as Grafana's datasource calls it: {@code query_range} with the start and
 * end aligned down to the step, and instant queries at the window's end. Samples keep NaN so a
 * caller can tell "no series" from "series without a number".
 */
public final class PrometheusQueries {

    public static final String PART = "Prometheus";

    private final JsonHttp http;
    private final URI base;

    public PrometheusQueries(JsonHttp http, URI base) {
        this.http = http;
        this.base = base;
    }

    public URI base() {
        return base;
    }

    /**
     * @throws PromQueryException when Prometheus refuses the query (bad PromQL, unknown function...)
     * @throws EndpointException when Prometheus does not answer at all
     */
    public List<PromSeries> range(String promql, TimeWindow window, Duration step) throws InterruptedException {
        long stepMs = step.toMillis();
        long start = Math.floorDiv(window.from().toEpochMilli(), stepMs) * stepMs;
        long end = Math.floorDiv(window.to().toEpochMilli(), stepMs) * stepMs;
        Map<String, String> params = new LinkedHashMap<>();
        params.put("query", promql);
        params.put("start", seconds(start));
        params.put("end", seconds(Math.max(start, end)));
        // A plain number of seconds: Prometheus refuses a "5.0s" style step.
        params.put("step", seconds(stepMs));
        JsonNode data = data(Urls.withQuery(base, "/api/v1/query_range", params));
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

    /** An instant query; a scalar or string answer becomes one series without labels. */
    public List<PromSeries> instant(String promql, Instant at) throws InterruptedException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("query", promql);
        params.put("time", seconds(at.toEpochMilli()));
        JsonNode data = data(Urls.withQuery(base, "/api/v1/query", params));
        List<PromSeries> series = new ArrayList<>();
        String type = data.path("resultType").asString("");
        if (type.equals("scalar") || type.equals("string")) {
            JsonNode v = data.path("result");
            series.add(new PromSeries(Map.of(), new long[] {Math.round(v.path(0).asDouble() * 1000)}, new double[] {number(v.path(1))}));
            return series;
        }
        for (JsonNode r : data.path("result").values()) {
            JsonNode v = r.path("value");
            series.add(new PromSeries(labels(r.path("metric")), new long[] {Math.round(v.path(0).asDouble() * 1000)},
                    new double[] {number(v.path(1))}));
        }
        return series;
    }

    private JsonNode data(URI uri) throws InterruptedException {
        JsonHttp.Response r = http.get(PART, uri);
        JsonNode body;
        try {
            body = JsonHttp.MAPPER.readTree(r.body());
        } catch (RuntimeException e) {
            throw new EndpointException(PART + " answered HTTP " + r.status() + " with something that is not JSON at " + base);
        }
        if (!"success".equals(body.path("status").asString(""))) {
            String error = body.path("error").asString("");
            if (error.isBlank()) {
                throw new EndpointException(PART + " at " + base + " answered HTTP " + r.status() + " without a result");
            }
            throw new PromQueryException(body.path("errorType").asString("error") + ": " + error);
        }
        return body.path("data");
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

    private static String seconds(long epochMs) {
        return String.format(Locale.ROOT, "%.3f", epochMs / 1000.0);
    }
}
