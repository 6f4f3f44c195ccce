package dev.latencylab.runner.lab;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.runner.http.EndpointException;
import dev.latencylab.runner.http.JsonHttp;
import dev.latencylab.runner.http.Urls;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/** consumer-app's latency endpoint. */
public final class ConsumerClient {

    public static final String PART = "consumer-app";
    /** A consumer restart leaves the group and joins again: seconds, more under load. */
    private static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(60);

    private final JsonHttp http;
    private final URI base;
    private final URI endpoint;

    public ConsumerClient(JsonHttp http, URI base) {
        this.http = http;
        this.base = base;
        this.endpoint = Urls.resolve(base, "/actuator/latency");
    }

    public URI endpoint() {
        return endpoint;
    }

    public LatencyView latency() throws InterruptedException {
        return http.getJson(PART, endpoint, LatencyView.class);
    }

    /** Forgets everything: histograms, loss and duplicate tracking. Done once before a run. */
    public void reset() throws InterruptedException {
        JsonHttp.requireOk(PART, "DELETE", endpoint, http.delete(PART, endpoint));
    }

    /** Pauses (false) or resumes (true) the consumer-app's reading of the lab topic. */
    public void consuming(boolean consuming) throws InterruptedException {
        JsonHttp.requireOk(PART, "POST", endpoint, http.postJson(PART, endpoint, Map.of("consuming", consuming)));
    }

    /**
     * Applies consumer settings through {@code /actuator/consumer}, answering those in effect. A
     * change of listener, fetch or commit settings restarts the app's consumer (seconds).
     */
    public ConsumerStatus apply(ConsumerChange change) throws InterruptedException {
        URI uri = Urls.resolve(base, "/actuator/consumer");
        JsonHttp.Response r = http.postJson(PART, uri, change, CHANGE_TIMEOUT);
        if (r.status() == 400) {
            throw new EndpointException(PART + " refused the consumer settings "
                    + JsonHttp.MAPPER.writeValueAsString(change) + ": " + JsonHttp.refusal(r.body()));
        }
        JsonHttp.requireOk(PART, "POST", uri, r);
        return JsonHttp.read(PART, uri, r.body(), ConsumerStatus.class);
    }

    /** Drops per-phase histograms (the warm-up's samples) but keeps loss/duplicate tracking. */
    public void resetPhases() throws InterruptedException {
        URI uri = Urls.withQuery(base, "/actuator/latency", Map.of("scope", "phases"));
        JsonHttp.requireOk(PART, "DELETE", uri, http.delete(PART, uri));
    }
}
