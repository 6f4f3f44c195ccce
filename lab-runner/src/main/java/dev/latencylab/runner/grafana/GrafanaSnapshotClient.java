package dev.latencylab.runner.grafana;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import dev.latencylab.runner.http.JsonHttp;
import dev.latencylab.runner.http.Urls;

/** Grafana's snapshot API: {@code POST /api/snapshots} with basic auth; the answer holds the snapshot's URL. */
public final class GrafanaSnapshotClient {

    private final HttpClient client;
    private final URI base;
    private final GrafanaLogin login;
    private final Duration requestTimeout;

    public GrafanaSnapshotClient(URI base, GrafanaLogin login, Duration connectTimeout, Duration requestTimeout) {
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1).build();
        this.base = base;
        this.login = login;
        this.requestTimeout = requestTimeout;
    }

    public GrafanaSnapshotClient(URI base, GrafanaLogin login) {
        this(base, login, Duration.ofSeconds(3), Duration.ofSeconds(30));
    }

    public URI base() {
        return base;
    }

    public GrafanaLogin login() {
        return login;
    }

    /** What Grafana answers to a created snapshot. */
    public record Created(String url, String key, String deleteUrl) {
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

    public Created create(ObjectNode body) throws InterruptedException, Unreachable, Refused {
        URI uri = Urls.resolve(base, "/api/snapshots");
        String auth = Base64.getEncoder().encodeToString((login.user() + ":" + login.password()).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(requestTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("Authorization", "Basic " + auth)
                .POST(HttpRequest.BodyPublishers.ofString(JsonHttp.MAPPER.writeValueAsString(body)))
                .build();
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException | HttpConnectTimeoutException e) {
            throw new Unreachable(describe(e), e);
        } catch (IOException e) {
            // A closed connection or a timeout after connecting: something is there, but it is not answering like Grafana.
            throw new Refused(0, "no answer to POST " + uri + " (" + describe(e) + ")");
        }
        JsonNode json = parse(response.body());
        if (response.statusCode() / 100 != 2) {
            String message = json != null && json.path("message").isString() ? json.path("message").stringValue() : abbreviate(response.body());
            throw new Refused(response.statusCode(), message);
        }
        if (json == null || !json.path("url").isString()) {
            throw new Refused(response.statusCode(), "the answer has no snapshot url: " + abbreviate(response.body()));
        }
        return new Created(json.path("url").stringValue(), json.path("key").asString(""), json.path("deleteUrl").asString(""));
    }

    private static JsonNode parse(String body) {
        try {
            return JsonHttp.MAPPER.readTree(body);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String describe(Throwable e) {
        if (e instanceof ConnectException && (e.getMessage() == null || e.getMessage().isBlank())) {
            return "connection refused";
        }
        Throwable t = e;
        while (t.getCause() != null && (t.getMessage() == null || t.getMessage().isBlank())) {
            t = t.getCause();
        }
        return t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static String abbreviate(String body) {
        String b = body == null ? "" : body.strip();
        if (b.isEmpty()) {
            return "(empty answer)";
        }
        return b.length() > 300 ? b.substring(0, 300) + "..." : b;
    }
}
