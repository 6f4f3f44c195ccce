package dev.latencylab.consumer.modes;

import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.core.requestbody.StrictJsonBody;
import dev.latencylab.kafka.clientproperties.ClientPropertyCheck;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /actuator/consumer}: the consumer settings in effect (GET) and run-time changes (POST),
 * in the producer endpoint's style: a controller that reads the raw body, so an unknown field, a
 * quoted number or an impossible combination is a 400 naming the field, with nothing changed.
 */
@RestController
@RequestMapping(
        path = "${management.endpoints.web.base-path:/actuator}/consumer",
        produces = MediaType.APPLICATION_JSON_VALUE)
class ConsumerEndpoint {

    private final ConsumerModes modes;
    private final BatchProcessing processing;

    ConsumerEndpoint(ConsumerModes modes, BatchProcessing processing) {
        this.modes = modes;
        this.processing = processing;
    }

    @GetMapping
    ConsumerStatus get() {
        ConsumerSettings s = modes.settings();
        return new ConsumerStatus(s, modes.consuming(), s.describe(), processing.keyOrderViolations());
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<?> post(@RequestBody(required = false) String body) {
        ConsumerChange change = ConsumerChange.fromJson(
                StrictJsonBody.fields(body, "{\"maxPollRecords\": 50, \"processing\": \"per-key\"}"));
        if (change.consumerConfig() != null) {
            ClientPropertyCheck.consumer("consumerConfig", change.consumerConfig());
        }
        try {
            modes.apply(change);
        } catch (IllegalStateException e) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(Map.of("error", e.getMessage()));
        }
        return ResponseEntity.ok(get());
    }
}
