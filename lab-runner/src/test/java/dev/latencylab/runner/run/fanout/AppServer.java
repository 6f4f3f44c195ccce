package dev.latencylab.runner.run.fanout;

import com.sun.net.httpserver.HttpExchange;
import dev.latencylab.api.clock.ClockReading;
import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.TestServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * One app double's HTTP side: a {@link TestServer} (its handlers run on the JDK server's
 * "HTTP-Dispatcher" thread, which the benchmark leaves out of the runner's CPU), the clock endpoint
 * every app has, and each exchange counted in {@link Traffic}.
 */
abstract class AppServer implements AutoCloseable {

    /** The name the JDK gives every server's dispatcher thread. */
    static final String DISPATCHER_THREAD = "HTTP-Dispatcher";

    private final TestServer server;
    private final Traffic traffic;

    AppServer(String controlPath, Traffic traffic) {
        this.traffic = traffic;
        server = new TestServer().route(controlPath, this::control).route(ClockReading.PATH, ex -> {
            TestServer.body(ex);
            reply(ex, 0, JsonHttp.MAPPER.writeValueAsString(new ClockReading(EpochMicros.now())));
        });
    }

    /** Answers a request on the app's control path. */
    abstract void control(HttpExchange ex) throws IOException;

    URI url() {
        return server.url();
    }

    /** A JSON answer, counted with its request of {@code requestBody} bytes. */
    void reply(HttpExchange ex, long requestBody, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
        traffic.count(ex, requestBody, bytes.length);
    }

    @Override
    public void close() {
        server.close();
    }
}
