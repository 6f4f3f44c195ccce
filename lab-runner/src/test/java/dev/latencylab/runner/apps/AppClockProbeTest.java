package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.runner.clocks.ClockOffset;
import dev.latencylab.runner.clocks.ClockProbe;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.TestServer;
import java.net.URI;
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

    /** An app's clock endpoint, its clock SKEW_MICROS ahead of this JVM's. */
    private final TestServer app = new TestServer()
            .route(
                    "/actuator/clock",
                    exchange -> TestServer.reply(
                            exchange, 200, "{\"epochMicros\":" + (EpochMicros.now() + SKEW_MICROS) + "}"));

    @AfterEach
    void stop() {
        app.close();
    }

    @Test
    void theInjectedSkewIsFoundWithinTheEstimatesUncertainty() throws Exception {
        URI base = app.url();
        List<ClockProbe> probes = new ConsumerClient(new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)), base)
                .clockProbes(EpochMicros::now);

        ClockOffset o = ClockOffset.estimate(probes.get(0), ClockOffset.EXCHANGES);

        assertThat(probes.get(0).worker()).isEqualTo(base.toString());
        assertThat(probes.get(0).part()).isEqualTo(ConsumerClient.PART);
        assertThat(Math.abs(o.offsetMicros() - SKEW_MICROS)).isLessThanOrEqualTo(o.uncertaintyMicros());
        // On one host a round trip is well under 50 ms: the bound says something.
        assertThat(o.uncertaintyMicros()).isLessThan(50_000);
    }
}
