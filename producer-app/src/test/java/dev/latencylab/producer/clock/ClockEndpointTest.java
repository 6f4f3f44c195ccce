package dev.latencylab.producer.clock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.clock.ClockReading;
import dev.latencylab.app.clock.ClockEndpoint;
import dev.latencylab.app.selftest.ClockSkew;
import dev.latencylab.core.clock.EpochMicros;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /actuator/clock} as the producer-app answers it, started with the self-test's clock skew: the
 * reading is the system clock plus the skew, and the clock the app stamps records with reads the same.
 */
@WebMvcTest(
        controllers = ClockEndpoint.class,
        properties = {"spring.config.name=producer-app", "lab.self-test.clock-skew-ms=-7500"})
@Import({ClockEndpoint.class, ClockSkew.class})
@DirtiesContext
class ClockEndpointTest {

    private static final long SKEW_MICROS = -7_500_000L;

    @Autowired
    private MockMvcTester mvc;

    @AfterAll
    static void systemClockAgain() {
        // The skew is the JVM's: the test classes after this one read the system clock.
        EpochMicros.skew(0);
    }

    @Test
    void theReadingIsTheSystemClockPlusTheSkewReadDuringTheRequest() throws Exception {
        long before = micros(Instant.now());
        String body = mvc.get().uri(ClockReading.PATH).exchange().getResponse().getContentAsString();
        long after = micros(Instant.now());

        long reading =
                JsonMapper.builder().build().readValue(body, ClockReading.class).epochMicros();
        assertThat(reading).isBetween(before + SKEW_MICROS, after + SKEW_MICROS);
        assertThat(EpochMicros.now() - micros(Instant.now())).isBetween(SKEW_MICROS - 1_000, SKEW_MICROS + 1_000);
    }

    @Test
    void itNeedsNoTokenOnLoopbackAndIsJson() {
        assertThat(mvc.get().uri(ClockReading.PATH))
                .hasStatusOk()
                .hasContentType("application/json")
                .bodyJson()
                .extractingPath("$.epochMicros")
                .isNotNull();
    }

    private static long micros(Instant i) {
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1_000;
    }
}
