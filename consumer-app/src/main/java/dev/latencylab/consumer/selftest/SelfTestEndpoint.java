package dev.latencylab.consumer.selftest;

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
 * {@code POST /actuator/selftest {"skip": 50, "phase": 7001}}: drop the next 50 records of phase
 * 7001 unseen (the self-test's injected loss); GET says whether the hooks are on and what was
 * dropped. Refused with 403 unless the app was started with the self-test's property.
 */
@RestController
@RequestMapping(path = SelfTestHooks.PATH, produces = MediaType.APPLICATION_JSON_VALUE)
@EnableConfigurationProperties(SelfTestProperties.class)
class SelfTestEndpoint {

    private final SelfTestProperties properties;
    private final SkippedRecords skipped;

    SelfTestEndpoint(SelfTestProperties properties, SkippedRecords skipped) {
        this.properties = properties;
        this.skipped = skipped;
    }

    @GetMapping
    Map<String, Object> state() {
        return Map.of("enabled", properties.enabled(), "skipPending", skipped.pending(), "skipped", skipped.skipped());
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> inject(@RequestBody(required = false) String body) {
        if (!properties.enabled()) {
            return ResponseEntity.status(HttpStatus.FORBIDDEN).body(Map.of("error", SelfTestHooks.OFF));
        }
        Map<String, Object> fields =
                StrictJsonBody.fields(body, "{\"skip\": 50, \"phase\": 7001}", Set.of("skip", "phase"));
        if (!(fields.get("skip") instanceof Integer count) || count < 1 || count > SelfTestHooks.MAX_RECORDS) {
            throw new BadSettingsException(
                    "skip", "skip must be a number of records from 1 to " + SelfTestHooks.MAX_RECORDS);
        }
        if (!(fields.get("phase") instanceof Integer phase) || phase < 1) {
            throw new BadSettingsException("phase", "phase must be a runner's phase id (an integer from 1)");
        }
        skipped.arm(phase, count);
        return ResponseEntity.ok(Map.of("skip", count, "phase", phase));
    }
}
