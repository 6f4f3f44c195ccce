package dev.latencylab.runner.grafana;

import com.sun.net.httpserver.HttpExchange;
import dev.latencylab.runner.fake.TestServer;
import java.io.IOException;
import java.net.URI;
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

    private final TestServer server;
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private volatile int status = 200;
    private volatile String errorMessage;

    public RecordingGrafana() throws IOException {
        server = new TestServer().route("/", this::handle);
    }

    public URI url() {
        return server.url();
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
        server.close();
    }

    private void handle(HttpExchange ex) throws IOException {
        String body = TestServer.body(ex);
        requests.add(new Request(
                ex.getRequestMethod(),
                ex.getRequestURI().getPath(),
                ex.getRequestHeaders().getFirst("Authorization"),
                ex.getRequestHeaders().getFirst("Content-Type"),
                body));
        if (!ex.getRequestURI().getPath().equals("/api/snapshots")
                || !ex.getRequestMethod().equals("POST")) {
            TestServer.reply(ex, 404, "{\"message\":\"Not found\"}");
        } else if (status != 200) {
            TestServer.reply(ex, status, "{\"message\":\"" + errorMessage + "\",\"traceID\":\"\"}");
        } else {
            int n = requests.size();
            String key = "key" + n;
            TestServer.reply(
                    ex,
                    200,
                    "{\"deleteKey\":\"del" + n + "\",\"deleteUrl\":\"" + url() + "/api/snapshots-delete/del" + n
                            + "\",\"id\":" + n + ",\"key\":\"" + key + "\",\"url\":\"" + url() + "/dashboard/snapshot/"
                            + key + "\"}");
        }
    }
}
