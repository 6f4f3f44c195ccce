package dev.latencylab.runner.endpoint;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A call that times out says the time it was given, not the client's usual one. */
class JsonHttpTimeoutTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private HttpServer server;

    @AfterEach
    void stop() {
        release.countDown();
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aLongerTimeoutIsTheOneNamed() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/slow", exchange -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.start();
        URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/slow");
        JsonHttp http = new JsonHttp(Duration.ofSeconds(1), Duration.ofSeconds(30));

        assertThatThrownBy(() -> http.postJson("the slow app", uri, Map.of(), Duration.ofSeconds(2)))
                .isInstanceOf(EndpointException.class)
                .hasMessageEndingWith("within 2 s");
    }
}
