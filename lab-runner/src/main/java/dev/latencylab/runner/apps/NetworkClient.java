package dev.latencylab.runner.apps;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
import dev.latencylab.runner.scenario.NetworkDelay;
import java.net.URI;
import java.util.Map;

/**
 * The lab's delay wire's control endpoint ({@code scripts/lab up --far-producer} starts it on
 * 127.0.0.1:8079): the round trip it adds between the far producer-app and the brokers, and the
 * round trip its probe measured across it since the last change.
 */
public final class NetworkClient {

    public static final String PART = "network-delay";
    private final JsonHttp http;
    private final URI endpoint;

    public NetworkClient(JsonHttp http, URI base) {
        this.http = http;
        this.endpoint = Urls.resolve(base, "/delay");
    }

    public URI endpoint() {
        return endpoint;
    }

    public NetworkState state() throws InterruptedException {
        return http.getJson(PART, endpoint, NetworkState.class);
    }

    /** Sets the round trip; in effect for the next packet (connections stay open). */
    public NetworkState apply(NetworkDelay delay) throws InterruptedException {
        JsonHttp.Response r = http.postJson(
                PART,
                endpoint,
                Map.of(
                        "rttMs",
                        delay.rttMs(),
                        "jitterMs",
                        delay.jitterMs(),
                        "lossPercent",
                        delay.lossPercent(),
                        "receiveBufferBytes",
                        delay.receiveBufferBytes()));
        if (r.status() == 400) {
            throw new EndpointException(PART + " refused " + delay + ": " + JsonHttp.refusal(r.body()));
        }
        JsonHttp.requireOk(PART, "POST", endpoint, r);
        return JsonHttp.read(PART, endpoint, r.body(), NetworkState.class);
    }

    /**
     * What the wire says: its mechanism ({@code tun-wire} or {@code netem}), the delay in effect
     * and the round trip its probe (a 64-byte TCP echo across it every 200 ms) measured since.
     */
    public record NetworkState(
            String mechanism,
            double rttMs,
            double jitterMs,
            double lossPercent,
            int receiveBufferBytes,
            double since,
            MeasuredRtt measuredRttMs,
            Map<String, Long> counters) {}

    /** Probe round trips in ms. */
    public record MeasuredRtt(int samples, double p50, double p99, double min, double max) {}
}
