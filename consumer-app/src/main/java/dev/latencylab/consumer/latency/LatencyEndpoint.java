package dev.latencylab.consumer.latency;

import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.core.latency.LatencyRecorder;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /actuator/latency}: per-phase percentiles of both latencies and the loss and duplicate
 * accounting (GET); {@code POST {"consuming": false|true}} pauses or resumes reading (records wait
 * on the brokers, nothing is lost); DELETE resets everything, or with {@code ?scope=phases} only
 * the per-phase samples, keeping the sequence tracking (to drop a warm-up).
 *
 * <p>A controller rather than an actuator endpoint, as the producer's is, because input must be
 * read strictly: {@code "yes"}, {@code 1}, an unknown field or a repeated key are refused with a
 * 400 naming the field (in the body, where a client sees it), never guessed at.
 */
@RestController
@RequestMapping(
        path = "${management.endpoints.web.base-path:/actuator}/latency",
        produces = MediaType.APPLICATION_JSON_VALUE)
class LatencyEndpoint {

    static final Duration PAUSE_TIMEOUT = Duration.ofSeconds(15);
    private static final String EXAMPLE = "body must be a JSON object, e.g. {\"consuming\": false}";
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final LatencyRecorder recorder;
    private final KafkaListenerEndpointRegistry listeners;
    private final AssignedPartitions assigned;
    private final ConsumerDescription description;

    LatencyEndpoint(
            LatencyRecorder recorder,
            KafkaListenerEndpointRegistry listeners,
            AssignedPartitions assigned,
            ConsumerDescription description) {
        this.recorder = recorder;
        this.listeners = listeners;
        this.assigned = assigned;
        this.description = description;
    }

    @GetMapping
    LatencyView latency() {
        return recorder.report().withConsumer(description, assigned.byTopic());
    }

    @DeleteMapping
    ResponseEntity<Map<String, Object>> reset(@RequestParam(required = false) String scope) {
        if ("phases".equals(scope)) {
            recorder.resetPhases();
        } else if (scope == null || "all".equals(scope)) {
            recorder.reset();
        } else {
            return refuse("scope", "scope must be 'all' or 'phases'; got '" + scope + "'");
        }
        return ResponseEntity.noContent().build();
    }

    @PostMapping(consumes = MediaType.ALL_VALUE)
    ResponseEntity<Map<String, Object>> consuming(@RequestBody(required = false) String body) {
        Object parsed = parse(body);
        if (parsed instanceof ResponseEntity<?> refusal) {
            @SuppressWarnings("unchecked")
            ResponseEntity<Map<String, Object>> r = (ResponseEntity<Map<String, Object>>) refusal;
            return r;
        }
        boolean consuming = (Boolean) parsed;
        MessageListenerContainer container = listeners.getListenerContainer(LatencyListener.ID);
        if (container == null) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .body(Map.of("error", "the latency listener is not running"));
        }
        if (consuming) {
            container.resume();
            return ResponseEntity.ok(Map.of("consuming", true));
        }
        container.pause();
        // The pause takes effect between two polls; answer once it has, so what is sent after the
        // answer is not read until resumed.
        long deadline = System.nanoTime() + PAUSE_TIMEOUT.toNanos();
        while (!container.isContainerPaused() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
        if (!container.isContainerPaused()) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .body(Map.of(
                            "error",
                            "the listener was asked to pause but had not paused after " + PAUSE_TIMEOUT.toSeconds()
                                    + " s (is it polling?); POST {\"consuming\": true} withdraws the request"));
        }
        return ResponseEntity.ok(Map.of("consuming", false));
    }

    /** The requested state, or the 400 that refuses the body. */
    private static Object parse(String body) {
        if (body == null || body.isBlank()) {
            return refuse("body", EXAMPLE);
        }
        Map<String, Object> fields;
        try {
            fields = JSON.readValue(body, new TypeReference<Map<String, Object>>() {});
        } catch (JacksonException e) {
            return refuse("body", EXAMPLE + "; " + e.getOriginalMessage());
        }
        if (fields == null) {
            return refuse("body", EXAMPLE);
        }
        for (String name : fields.keySet()) {
            if (!name.equals("consuming")) {
                return refuse(name, "unknown field '" + name + "'; accepted: consuming");
            }
        }
        if (!(fields.get("consuming") instanceof Boolean b)) {
            return refuse(
                    "consuming",
                    "consuming must be true or false; got "
                            + (fields.containsKey("consuming") ? render(fields.get("consuming")) : "nothing"));
        }
        return b;
    }

    private static ResponseEntity<Map<String, Object>> refuse(String field, String error) {
        return ResponseEntity.badRequest().body(Map.of("field", field, "error", error));
    }

    private static String render(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    }
}
