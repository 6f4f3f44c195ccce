package dev.latencylab.consumer.latency;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.consumer.modes.ConsumerModes;
import dev.latencylab.core.latency.LatencyRecorder;
import dev.latencylab.core.requestbody.StrictJsonBody;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

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

    private final LatencyRecorder recorder;
    private final ConsumerModes modes;
    private final AssignedPartitions assigned;

    LatencyEndpoint(LatencyRecorder recorder, ConsumerModes modes, AssignedPartitions assigned) {
        this.recorder = recorder;
        this.modes = modes;
        this.assigned = assigned;
    }

    /** {@code ?histograms=true} adds each phase's encoded histograms, for merging several instances. */
    @GetMapping
    LatencyView latency(@RequestParam(defaultValue = "false") boolean histograms) {
        return recorder.report(histograms).withConsumer(modes.description(), modes.assigned(assigned.byTopic()));
    }

    @DeleteMapping
    ResponseEntity<Void> reset(@RequestParam(required = false) String scope) {
        if ("phases".equals(scope)) {
            recorder.resetPhases();
        } else if (scope == null || "all".equals(scope)) {
            recorder.reset();
        } else {
            throw new BadSettingsException("scope", "scope must be 'all' or 'phases'; got '" + scope + "'");
        }
        return ResponseEntity.noContent().build();
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> consuming(@RequestBody(required = false) String body) {
        Map<String, Object> fields = StrictJsonBody.fields(body, "{\"consuming\": false}", Set.of("consuming"));
        if (!(fields.get("consuming") instanceof Boolean consuming)) {
            throw new BadSettingsException(
                    "consuming",
                    "consuming must be true or false; got "
                            + (fields.containsKey("consuming") ? render(fields.get("consuming")) : "nothing"));
        }
        try {
            modes.consuming(consuming);
        } catch (IllegalStateException e) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(Map.of("error", e.getMessage()));
        }
        return ResponseEntity.ok(Map.of("consuming", consuming));
    }

    /**
     * {@code POST /actuator/latency/watch {"phase": 7, "aboveMs": 12.5}}: from now on, counts the
     * phase's records slower than that (corrected latency); reported as the phase's {@code slow}.
     * Answers {@code readBefore}: the phase's records this instance had seen, which it did not
     * look at (for an instance started mid-phase, those it read before it was told).
     */
    @PostMapping(path = "/watch", consumes = MediaType.APPLICATION_JSON_VALUE)
    Map<String, Object> watch(@RequestBody(required = false) String body) {
        Map<String, Object> fields =
                StrictJsonBody.fields(body, "{\"phase\": 7, \"aboveMs\": 12.5}", Set.of("phase", "aboveMs"));
        int phase = phaseId(fields, "phase");
        if (!(fields.get("aboveMs") instanceof Number above)
                || !(above.doubleValue() >= 0)
                || above.doubleValue() > 600_000) {
            throw new BadSettingsException(
                    "aboveMs",
                    "aboveMs must be a number of milliseconds from 0 to 600000; got " + render(fields.get("aboveMs")));
        }
        long before = recorder.watch(phase, Math.round(above.doubleValue() * 1000));
        return Map.of("phase", phase, "aboveMs", above.doubleValue(), "readBefore", before);
    }

    /**
     * {@code POST /actuator/latency/release {"throughPhase": 7001}}: the runner has stored the
     * phases up to that id: their histograms and counts are dropped (warm-ups' too) and the offset
     * ledger may merge their segments, so a run of any length holds a few phases at a time.
     */
    @PostMapping(path = "/release", consumes = MediaType.APPLICATION_JSON_VALUE)
    Map<String, Object> release(@RequestBody(required = false) String body) {
        int through = phaseId(
                StrictJsonBody.fields(body, "{\"throughPhase\": 7001}", Set.of("throughPhase")), "throughPhase");
        recorder.release(through);
        return Map.of("throughPhase", through, "phasesHeld", recorder.phasesHeld());
    }

    /**
     * {@code POST /actuator/latency/forget {"topic": "lab.orders.p10"}}: the topic was created anew
     * under an old name (the runner does it with the topic quiet): its ledger is forgotten, or its
     * new records would be taken for redeliveries of the old ones.
     */
    @PostMapping(path = "/forget", consumes = MediaType.APPLICATION_JSON_VALUE)
    Map<String, Object> forget(@RequestBody(required = false) String body) {
        Map<String, Object> fields = StrictJsonBody.fields(body, "{\"topic\": \"lab.orders.p10\"}", Set.of("topic"));
        if (!(fields.get("topic") instanceof String topic) || !topic.matches("[A-Za-z0-9._-]{1,249}")) {
            throw new BadSettingsException(
                    "topic", "topic must be a Kafka topic name; got " + render(fields.get("topic")));
        }
        recorder.forgetTopic(topic);
        return Map.of("topic", topic);
    }

    private static int phaseId(Map<String, Object> fields, String name) {
        if (!(fields.get(name) instanceof Integer id) || id < 1) {
            throw new BadSettingsException(
                    name, name + " must be a runner's phase id (an integer from 1); got " + render(fields.get(name)));
        }
        return id;
    }

    private static String render(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    }
}
