package dev.latencylab.runner.grafana;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.EndpointUnreachableException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Grafana's snapshot API on the runner's HTTP layer ({@link JsonHttp}): {@code POST /api/snapshots}
 * with basic auth; the answer holds the snapshot's URL.
 */
public final class GrafanaSnapshotClient {

    public static final String PART = "Grafana";

    private final JsonHttp http;
    private final URI base;
    private final GrafanaLogin login;

    public GrafanaSnapshotClient(JsonHttp http, URI base, GrafanaLogin login) {
        this.http = http;
        this.base = base;
        this.login = login;
    }

    /** With its own {@link JsonHttp}: a snapshot carries every panel's data, so Grafana gets 30 s to store it. */
    public GrafanaSnapshotClient(URI base, GrafanaLogin login) {
        this(new JsonHttp(Duration.ofSeconds(3), Duration.ofSeconds(30)), base, login);
    }

    public URI base() {
        return base;
    }

    public GrafanaLogin login() {
        return login;
    }

    /** Nothing answers at Grafana's address (refused, timed out, no route). */
    public static final class Unreachable extends Exception {
        public Unreachable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Grafana answered, and not with a snapshot: its status and message. */
    public static final class Refused extends Exception {
        private final int status;

        public Refused(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    /** Creates the snapshot; returns the URL Grafana answers with. */
    public String create(ObjectNode body) throws InterruptedException, Unreachable, Refused {
        URI uri = Urls.resolve(base, "/api/snapshots");
        // Without a password no login is sent: a Grafana that wants one says so, and the caller says where to put it.
        Map<String, String> headers = login.hasPassword()
                ? Map.of(
                        "Accept",
                        "application/json",
                        "Authorization",
                        JsonHttp.basicAuth(login.user(), login.password()))
                : Map.of("Accept", "application/json");
        JsonHttp.Response response;
        try {
            response = http.postJson(PART, uri, body, headers);
        } catch (EndpointUnreachableException e) {
            throw new Unreachable(e.reason(), e);
        } catch (EndpointException e) {
            // A closed connection or a timeout after connecting: something is there, but it is not answering like
            // Grafana.
            throw new Refused(0, e.getMessage());
        }
        JsonNode json = parse(response.body());
        if (!response.ok()) {
            String message = json != null && json.path("message").isString()
                    ? json.path("message").stringValue()
                    : shown(response.body());
            throw new Refused(response.status(), message);
        }
        if (json == null || !json.path("url").isString()) {
            throw new Refused(response.status(), "the answer has no snapshot url: " + shown(response.body()));
        }
        return json.path("url").stringValue();
    }

    /** The answer as JSON, or null: Grafana's errors are JSON, a proxy's in front of it may not be. */
    private static JsonNode parse(String body) {
        try {
            return JsonHttp.MAPPER.readTree(body);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String shown(String body) {
        String b = JsonHttp.abbreviate(body);
        return b.isEmpty() ? "(empty answer)" : b;
    }
}
