package dev.latencylab.runner.grafana;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A real HTTP server with the shape of Grafana's {@code POST /api/snapshots}: it records every
 * request (method, path, Authorization header, body) and answers either like Grafana does for
 * a created snapshot ({@code url}, {@code key}, {@code deleteUrl}...) or with a status and
 * Grafana's error shape {@code {"message": ...}}.
 */
public final class RecordingGrafana implements AutoCloseable {

    public record Request(String method, String path, String authorization, String contentType, String body) {}

    private final HttpServer server;
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private volatile int status = 200;
    private volatile String errorMessage;

    public RecordingGrafana() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** Every following request gets this status and {@code {"message": message}}. */
    public void failWith(int status, String message) {
        this.status = status;
        this.errorMessage = message;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        String body;
        try (InputStream in = ex.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        requests.add(new Request(
                ex.getRequestMethod(),
                ex.getRequestURI().getPath(),
                ex.getRequestHeaders().getFirst("Authorization"),
                ex.getRequestHeaders().getFirst("Content-Type"),
                body));
        if (!ex.getRequestURI().getPath().equals("/api/snapshots")
                || !ex.getRequestMethod().equals("POST")) {
            reply(ex, 404, "{\"message\":\"Not found\"}");
        } else if (status != 200) {
            reply(ex, status, "{\"message\":\"" + errorMessage + "\",\"traceID\":\"\"}");
        } else {
            int n = requests.size();
            String key = "key" + n;
            reply(
                    ex,
                    200,
                    "{\"deleteKey\":\"del" + n + "\",\"deleteUrl\":\"" + url() + "/api/snapshots-delete/del" + n
                            + "\",\"id\":" + n + ",\"key\":\"" + key + "\",\"url\":\"" + url() + "/dashboard/snapshot/"
                            + key + "\"}");
        }
    }

    private static void reply(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
