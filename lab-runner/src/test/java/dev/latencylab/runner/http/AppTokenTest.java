package dev.latencylab.runner.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The apps' token goes with every request to them, and to nothing else the runner asks. */
class AppTokenTest {

    private static final String TOKEN = "0123456789abcdefghij";

    private final Map<String, String> seen = new ConcurrentHashMap<>();
    private final HttpServer app = server("app");
    private final HttpServer prometheus = server("prometheus");

    @AfterEach
    void stop() {
        app.stop(0);
        prometheus.stop(0);
    }

    @Test
    void everyMethodToAnAppBearsTheTokenAndPrometheusNeverSeesIt() throws Exception {
        JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5))
                .withAppToken(new AppToken(TOKEN, List.of(URI.create(base(app) + "/"))));

        http.get("app", URI.create(base(app) + "/actuator/producer"));
        assertThat(seen.remove("app")).isEqualTo("Bearer " + TOKEN);
        http.postJson("app", URI.create(base(app) + "/actuator/producer"), Map.of("lingerMs", 5));
        assertThat(seen.remove("app")).isEqualTo("Bearer " + TOKEN);
        http.delete("app", URI.create(base(app) + "/actuator/latency"));
        assertThat(seen.remove("app")).isEqualTo("Bearer " + TOKEN);

        http.get("Prometheus", URI.create(base(prometheus) + "/api/v1/query"));
        assertThat(seen.remove("prometheus")).isEqualTo("none");
    }

    @Test
    void withoutATokenNothingIsSent() throws Exception {
        new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)).get("app", URI.create(base(app) + "/x"));

        assertThat(seen.get("app")).isEqualTo("none");
    }

    @Test
    void itsTextNeverShowsTheToken() {
        assertThat(new AppToken(TOKEN, List.of(URI.create("http://10.0.0.5:8080"))).toString())
                .doesNotContain(TOKEN)
                .contains("http://10.0.0.5:8080");
    }

    private HttpServer server(String name) {
        try {
            HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            s.createContext("/", exchange -> {
                String auth = exchange.getRequestHeaders().getFirst("Authorization");
                seen.put(name, auth == null ? "none" : auth);
                byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            s.start();
            return s;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String base(HttpServer s) {
        return "http://127.0.0.1:" + s.getAddress().getPort();
    }
}
