package dev.latencylab.runner.grafana;

import com.sun.net.httpserver.HttpExchange;
import dev.latencylab.runner.fake.TestServer;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A double of Prometheus' query API shape for the fixture dashboard
 * (src/test/resources/dashboards-fixture): request counts by request type, a missing metric (no
 * series), an instant counter, latency buckets, a settings generation that changes twice, and
 * a parse error for {@code bad(}. Every query is logged as "range|instant <query> step=<s>".
 */
public final class FakePrometheus implements AutoCloseable {

    private final TestServer server;
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean missingHasData;

    public FakePrometheus() throws IOException {
        server = new TestServer().route("/api/v1/query_range", this::range).route("/api/v1/query", this::instant);
    }

    public URI url() {
        return server.url();
    }

    public List<String> log() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    /** From now on the fixture's "missing" metric has data too, so every panel has some. */
    public void fillMissing() {
        missingHasData = true;
    }

    @Override
    public void close() {
        server.close();
    }

    private void range(HttpExchange ex) throws IOException {
        Map<String, String> p = TestServer.params(ex);
        String q = p.get("query");
        double start = Double.parseDouble(p.get("start"));
        double end = Double.parseDouble(p.get("end"));
        double step = Double.parseDouble(p.get("step"));
        log.add("range " + q + " step=" + p.get("step"));
        if (q.contains("bad(")) {
            TestServer.reply(
                    ex,
                    400,
                    "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"1:5: parse error: unexpected end of input\"}");
            return;
        }
        List<String> series = new ArrayList<>();
        if (q.contains("kafka_network_requestmetrics_requests_total")) {
            series.add(series("{\"request\":\"Produce\"}", start, end, step, i -> 100.0 + i));
            series.add(
                    series("{\"request\":\"FetchConsumer\"}", start, end, step, i -> i % 2 == 0 ? Double.NaN : 50.0));
        } else if (q.contains("lab_missing_total") && missingHasData) {
            series.add(series("{}", start, end, step, i -> 1.0));
        } else if (q.contains("lab_e2e_latency_seconds_bucket")) {
            series.add(series("{\"le\":\"+Inf\"}", start, end, step, i -> 35.0));
            series.add(series("{\"le\":\"0.001\"}", start, end, step, i -> 10.0));
            series.add(series("{\"le\":\"0.005\"}", start, end, step, i -> 30.0));
        } else if (q.contains("changes(lab_producer_settings_generation")) {
            // Two changes: samples 2-4 and sample 10 are non-zero; the gaps split them into two events.
            series.add(series("{}", start, end, step, i -> (i >= 2 && i <= 4) || i == 10 ? 1.0 : Double.NaN));
        }
        TestServer.reply(
                ex,
                200,
                "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[" + String.join(",", series)
                        + "]}}");
    }

    private void instant(HttpExchange ex) throws IOException {
        Map<String, String> p = TestServer.params(ex);
        String q = p.get("query");
        log.add("instant " + q + " time=" + p.get("time"));
        String result = "";
        if (q.contains("lab_consumer_lost_records_total")) {
            result = "{\"metric\":{},\"value\":[" + p.get("time") + ",\"0\"]}";
        }
        TestServer.reply(
                ex, 200, "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[" + result + "]}}");
    }

    private static String series(
            String metric, double start, double end, double step, java.util.function.IntToDoubleFunction value) {
        StringBuilder b = new StringBuilder("{\"metric\":" + metric + ",\"values\":[");
        int i = 0;
        boolean first = true;
        for (double t = start; t <= end + 1e-9; t += step, i++) {
            double v = value.applyAsDouble(i);
            if (Double.isNaN(v) && !metric.equals("{\"request\":\"FetchConsumer\"}")) {
                continue;
            }
            if (!first) {
                b.append(',');
            }
            first = false;
            b.append(String.format(Locale.ROOT, "[%.3f,\"%s\"]", t, Double.isNaN(v) ? "NaN" : Double.toString(v)));
        }
        return b.append("]}").toString();
    }
}
