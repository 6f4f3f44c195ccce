package dev.latencylab.runner.http;

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

/** Prometheus' HTTP query API: instant queries for per-phase figures, range queries for the charts. */
public final class PrometheusClient {

    public static final String PART = "Prometheus";

    private final JsonHttp http;
    private final URI base;

    public PrometheusClient(JsonHttp http, URI base) {
        this.http = http;
        this.base = base;
    }

    public URI readiness() {
        return Urls.resolve(base, "/-/ready");
    }

    /** One element of an instant vector. A NaN or infinite value is kept as null: Prometheus has no number for it. */
    public record Sample(Map<String, String> labels, Double value) {
    }

    /** One series of a range result; points whose value is NaN are dropped. */
    public record Series(Map<String, String> labels, List<Point> points) {
    }

    public record Point(Instant time, double value) {
    }

    public List<Sample> query(String promql, Instant time) throws InterruptedException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("query", promql);
        params.put("time", seconds(time));
        JsonNode data = data(Urls.withQuery(base, "/api/v1/query", params), promql);
        List<Sample> samples = new ArrayList<>();
        String type = data.path("resultType").asString("");
        if (type.equals("scalar")) {
            samples.add(new Sample(Map.of(), number(data.path("result").path(1))));
            return samples;
        }
        for (JsonNode r : data.path("result")) {
            samples.add(new Sample(labels(r.path("metric")), number(r.path("value").path(1))));
        }
        return samples;
    }

    public List<Series> queryRange(String promql, Instant start, Instant end, Duration step) throws InterruptedException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("query", promql);
        params.put("start", seconds(start));
        params.put("end", seconds(end));
        params.put("step", duration(step));
        JsonNode data = data(Urls.withQuery(base, "/api/v1/query_range", params), promql);
        List<Series> series = new ArrayList<>();
        for (JsonNode r : data.path("result")) {
            List<Point> points = new ArrayList<>();
            for (JsonNode v : r.path("values")) {
                Double value = number(v.path(1));
                if (value != null) {
                    points.add(new Point(instant(v.path(0).asDouble()), value));
                }
            }
            series.add(new Series(labels(r.path("metric")), points));
        }
        return series;
    }

    private JsonNode data(URI uri, String promql) throws InterruptedException {
        JsonHttp.Response r = http.get(PART, uri);
        JsonNode body;
        try {
            body = JsonHttp.MAPPER.readTree(r.body());
        } catch (RuntimeException e) {
            throw new EndpointException(PART + " answered HTTP " + r.status() + " with something that is not JSON for " + promql);
        }
        if (!r.ok() || !"success".equals(body.path("status").asString(""))) {
            throw new EndpointException(PART + " refused the query " + promql + ": HTTP " + r.status() + " "
                    + body.path("errorType").asString("") + " " + body.path("error").asString(JsonHttp.abbreviate(r.body())));
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

    private static Double number(JsonNode v) {
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        double d;
        try {
            d = Double.parseDouble(v.asString());
        } catch (NumberFormatException e) {
            return null;
        }
        return Double.isFinite(d) ? d : null;
    }

    /**
     * A step in Prometheus' duration syntax: "5s", or "500ms" below whole seconds. Prometheus 2.x
     * refuses "5.0s" (a float with a unit is neither a duration nor a number of seconds).
     */
    static String duration(Duration step) {
        long millis = step.toMillis();
        if (millis <= 0) {
            throw new IllegalArgumentException("a query step must be positive, got " + step);
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }

    private static String seconds(Instant t) {
        return String.format(Locale.ROOT, "%.3f", t.toEpochMilli() / 1000.0);
    }

    private static Instant instant(double epochSeconds) {
        return Instant.ofEpochMilli(Math.round(epochSeconds * 1000));
    }
}
