package dev.latencylab.runner.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.runner.clocks.ClockOffset;
import dev.latencylab.runner.clocks.ClockProbe;
import dev.latencylab.runner.http.JsonHttp;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Over real HTTP, an app whose clock is off by a skew put there on purpose (what
 * {@code lab.self-test.clock-skew-ms} does to the app's clock and its {@code /actuator/clock}): the estimate
 * finds the skew within its uncertainty.
 */
class AppClockProbeTest {

    private static final long SKEW_MICROS = 2_500_000L;

    private final HttpServer app = skewedApp();

    @AfterEach
    void stop() {
        app.stop(0);
    }

    @Test
    void theInjectedSkewIsFoundWithinTheEstimatesUncertainty() throws Exception {
        URI base = URI.create("http://127.0.0.1:" + app.getAddress().getPort());
        List<ClockProbe> probes = new ConsumerClient(new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)), base)
                .clockProbes(EpochMicros::now);

        ClockOffset o = ClockOffset.estimate(probes.get(0), ClockOffset.EXCHANGES);

        assertThat(probes.get(0).worker()).isEqualTo(base.toString());
        assertThat(probes.get(0).part()).isEqualTo(ConsumerClient.PART);
        assertThat(Math.abs(o.offsetMicros() - SKEW_MICROS)).isLessThanOrEqualTo(o.uncertaintyMicros());
        // On one host a round trip is well under 50 ms: the bound says something.
        assertThat(o.uncertaintyMicros()).isLessThan(50_000);
    }

    private static HttpServer skewedApp() {
        try {
            HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            s.createContext("/actuator/clock", exchange -> {
                byte[] body = ("{\"epochMicros\":" + (EpochMicros.now() + SKEW_MICROS) + "}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
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
}
