package dev.latencylab.runner.endpoint;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON over {@link HttpClient} with short timeouts and error messages that say which part of
 * the lab did not answer and how.
 */
public final class JsonHttp {

    /** The JDK's property for how long its pool keeps an idle connection, in seconds (1,200 in Java 17). */
    static final String KEEP_ALIVE_PROPERTY = "jdk.httpclient.keepalive.timeout";

    /**
     * Below the apps' Tomcat, which closes a connection idle for 60 s: a request sent on a pooled
     * connection as Tomcat closes it can be applied and still come back with no answer ("header parser
     * received no bytes"), as compare's stop after its 1 min stack warm-up once did. Read by the JDK
     * once, when its first client is made: set here, before this class makes one.
     */
    static final String KEEP_ALIVE_SECONDS = "30";

    static {
        if (System.getProperty(KEEP_ALIVE_PROPERTY) == null) {
            System.setProperty(KEEP_ALIVE_PROPERTY, KEEP_ALIVE_SECONDS);
        }
    }

    /** Lenient reader: the apps may add fields; the runner reads only the contract's. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // An empty histogram's percentile may come as NaN; read it rather than fail the run.
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private final HttpClient client;
    private final Duration requestTimeout;
    private final AppToken appToken;

    public JsonHttp(Duration connectTimeout, Duration requestTimeout) {
        this(
                HttpClient.newBuilder()
                        .connectTimeout(connectTimeout)
                        .version(HttpClient.Version.HTTP_1_1)
                        .build(),
                requestTimeout,
                null);
    }

    private JsonHttp(HttpClient client, Duration requestTimeout, AppToken appToken) {
        this.client = client;
        this.requestTimeout = requestTimeout;
        this.appToken = appToken;
    }

    /** This client, trusting {@code tls}'s authorities for {@code https} (a new connection pool). */
    public JsonHttp withTls(javax.net.ssl.SSLContext tls) {
        HttpClient trusting = HttpClient.newBuilder()
                .connectTimeout(client.connectTimeout().orElse(Duration.ofSeconds(3)))
                .version(HttpClient.Version.HTTP_1_1)
                .sslContext(tls)
                .build();
        return new JsonHttp(trusting, requestTimeout, appToken);
    }

    /** This client, bearing {@code token} on every request to the apps it names and on no other. */
    public JsonHttp withAppToken(AppToken token) {
        return new JsonHttp(client, requestTimeout, token);
    }

    public JsonHttp() {
        this(Duration.ofSeconds(3), Duration.ofSeconds(15));
    }

    /** A response whose status the caller judges (the producer answers 400 with a field and an error). */
    public record Response(int status, String body) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    public Response get(String part, URI uri) throws InterruptedException {
        return send(part, HttpRequest.newBuilder(uri).GET());
    }

    public Response delete(String part, URI uri) throws InterruptedException {
        return send(part, HttpRequest.newBuilder(uri).DELETE());
    }

    public Response postJson(String part, URI uri, Object body) throws InterruptedException {
        return postJson(part, uri, body, Map.of());
    }

    /** A JSON POST with further request headers, e.g. {@code Authorization} ({@link #basicAuth}) or {@code Accept}. */
    public Response postJson(String part, URI uri, Object body, Map<String, String> headers)
            throws InterruptedException {
        return postJson(part, uri, body, headers, requestTimeout);
    }

    /** A JSON POST that may take longer than this client's usual timeout (an app that flushes before it answers). */
    public Response postJson(String part, URI uri, Object body, Duration timeout) throws InterruptedException {
        return postJson(part, uri, body, Map.of(), timeout);
    }

    private Response postJson(String part, URI uri, Object body, Map<String, String> headers, Duration timeout)
            throws InterruptedException {
        String json = MAPPER.writeValueAsString(body);
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(builder::header);
        return send(part, builder, timeout);
    }

    /** The value of an {@code Authorization} header for HTTP basic auth. */
    public static String basicAuth(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** How long a request may take unless its caller says otherwise. */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /** GET that must answer 2xx with JSON of the given shape. */
    public <T> T getJson(String part, URI uri, Class<T> type) throws InterruptedException {
        return getJson(part, uri, type, requestTimeout);
    }

    /** {@link #getJson(String, URI, Class)} within {@code timeout}: a sample that must not hold up its cadence. */
    public <T> T getJson(String part, URI uri, Class<T> type, Duration timeout) throws InterruptedException {
        Response r = send(part, HttpRequest.newBuilder(uri).GET(), timeout);
        requireOk(part, "GET", uri, r);
        return read(part, uri, r.body(), type);
    }

    public static <T> T read(String part, URI uri, String body, Class<T> type) {
        try {
            return MAPPER.readValue(body, type);
        } catch (JacksonException e) {
            throw new EndpointException(part + " answered " + uri + " with JSON the runner cannot read as "
                    + type.getSimpleName() + " (see docs/contracts.md): " + e.getOriginalMessage());
        }
    }

    public static void requireOk(String part, String method, URI uri, Response r) {
        if (!r.ok()) {
            throw new EndpointException(
                    part + ": " + method + " " + uri + " answered HTTP " + r.status() + ": " + abbreviate(r.body()));
        }
    }

    private Response send(String part, HttpRequest.Builder builder) throws InterruptedException {
        return send(part, builder, requestTimeout);
    }

    private Response send(String part, HttpRequest.Builder builder, Duration timeout) throws InterruptedException {
        HttpRequest request = builder.timeout(timeout).build();
        String authorization = appToken == null ? null : appToken.authorizationFor(request.uri());
        if (authorization != null) {
            request = HttpRequest.newBuilder(request, (name, value) -> true)
                    .header("Authorization", authorization)
                    .build();
        }
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body());
        } catch (HttpConnectTimeoutException | ConnectException e) {
            String reason = describe(e);
            throw new EndpointUnreachableException(
                    part + " does not answer at " + request.uri() + " (" + reason + ")", reason, e);
        } catch (HttpTimeoutException e) {
            throw new EndpointException(
                    part + " did not answer " + request.method() + " " + request.uri() + " within "
                            + (timeout.toMillis() % 1000 == 0
                                    ? timeout.toSeconds() + " s"
                                    : timeout.toMillis() + " ms"),
                    e);
        } catch (IOException e) {
            throw new EndpointException(
                    part + ": " + request.method() + " " + request.uri() + " failed (" + describe(e) + ")", e);
        }
    }

    private static String describe(Throwable e) {
        if (e instanceof ConnectException
                && (e.getMessage() == null || e.getMessage().isBlank())) {
            // What HttpClient throws, without a message, when nothing listens on the port.
            return "connection refused";
        }
        Throwable t = e;
        while (t.getCause() != null && (t.getMessage() == null || t.getMessage().isBlank())) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }

    public static String abbreviate(String body) {
        if (body == null) {
            return "";
        }
        String b = body.strip();
        return b.length() > 300 ? b.substring(0, 300) + "..." : b;
    }

    /** A refusal's "field: error" in the lab's error shape, else the body as it is, shortened. */
    public static String refusal(String body) {
        try {
            JsonNode n = MAPPER.readTree(body);
            if (n.hasNonNull("error")) {
                return (n.hasNonNull("field") ? n.get("field").asString() + ": " : "")
                        + n.get("error").asString();
            }
        } catch (JacksonException e) {
            // not the contract's error shape: show the body as it is
        }
        return abbreviate(body);
    }
}
