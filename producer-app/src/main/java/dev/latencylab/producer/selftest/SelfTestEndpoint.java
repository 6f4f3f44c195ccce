package dev.latencylab.producer.selftest;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.core.json.StrictJsonBody;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /actuator/selftest {"duplicate": 30}}: write each of the next 30 records twice, the
 * copy uncounted (the self-test's injected duplicates); GET says whether the hooks are on and what
 * was written twice. Refused with 403 unless the app was started with the self-test's property.
 */
@RestController
@RequestMapping(path = SelfTestHooks.PATH, produces = MediaType.APPLICATION_JSON_VALUE)
@EnableConfigurationProperties(SelfTestProperties.class)
class SelfTestEndpoint {

    private final SelfTestProperties properties;
    private final DuplicatedRecords duplicated;

    SelfTestEndpoint(SelfTestProperties properties, DuplicatedRecords duplicated) {
        this.properties = properties;
        this.duplicated = duplicated;
    }

    @GetMapping
    Map<String, Object> state() {
        return Map.of(
                "enabled",
                properties.enabled(),
                "duplicatePending",
                duplicated.pending(),
                "duplicated",
                duplicated.written());
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> inject(@RequestBody(required = false) String body) {
        if (!properties.enabled()) {
            return ResponseEntity.status(HttpStatus.FORBIDDEN).body(Map.of("error", SelfTestHooks.OFF));
        }
        Map<String, Object> fields;
        try {
            fields = StrictJsonBody.fields(body, "{\"duplicate\": 30}", Set.of("duplicate"));
        } catch (BadSettingsException e) {
            return refuse(e.field(), e.getMessage());
        }
        if (!(fields.get("duplicate") instanceof Integer count) || count < 1 || count > SelfTestHooks.MAX_RECORDS) {
            return refuse("duplicate", "duplicate must be a number of records from 1 to " + SelfTestHooks.MAX_RECORDS);
        }
        duplicated.arm(count);
        return ResponseEntity.ok(Map.of("duplicate", count));
    }

    private static ResponseEntity<Map<String, Object>> refuse(String field, String error) {
        return ResponseEntity.badRequest().body(Map.of("field", field, "error", error));
    }
}
