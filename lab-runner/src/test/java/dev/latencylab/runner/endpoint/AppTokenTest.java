package dev.latencylab.runner.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.fake.TestServer;
import java.net.URI;
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
    private final TestServer app = server("app");
    private final TestServer prometheus = server("prometheus");

    @AfterEach
    void stop() {
        app.close();
        prometheus.close();
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

    /** Answers {} to anything, noting the Authorization header it was sent ("none" without one). */
    private TestServer server(String name) {
        return new TestServer().route("/", exchange -> {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            seen.put(name, auth == null ? "none" : auth);
            TestServer.reply(exchange, 200, "{}");
        });
    }

    private static String base(TestServer s) {
        return s.url().toString();
    }
}
