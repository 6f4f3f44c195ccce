package dev.latencylab.app.clock;

import dev.latencylab.api.clock.ClockReading;
import dev.latencylab.core.clock.EpochMicros;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /actuator/clock}: the clock the app's latency stamps come from. The runner's offset estimate
 * takes the reading to lie halfway through its round trip, so the clock is read last, after the request
 * was dispatched, and the body is written without a serializer in between.
 */
@RestController
public class ClockEndpoint {

    @GetMapping(path = ClockReading.PATH, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> clock() {
        return ResponseEntity.ok("{\"epochMicros\":" + EpochMicros.now() + "}");
    }
}
