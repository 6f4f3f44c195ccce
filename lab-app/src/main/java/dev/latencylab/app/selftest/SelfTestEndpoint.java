package dev.latencylab.app.selftest;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.core.requestbody.StrictJsonBody;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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
 * {@code POST /actuator/selftest} arms one of the app's faults: the one whose fields the body
 * gives (each {@link SelfTestFault} owns its fields, no two share one); GET says whether the hooks
 * are on and what each fault did. Refused with 403 unless the app was started with the self-test's
 * property; a bad field, or fields of two faults in one body, is a 400 naming it.
 */
@RestController
@RequestMapping(path = SelfTestHooks.PATH, produces = MediaType.APPLICATION_JSON_VALUE)
@EnableConfigurationProperties(SelfTestProperties.class)
public class SelfTestEndpoint {

    private final SelfTestProperties properties;
    private final List<SelfTestFault> faults;
    private final Set<String> fields;
    private final String examples;

    SelfTestEndpoint(SelfTestProperties properties, List<SelfTestFault> faults) {
        this.properties = properties;
        this.faults = List.copyOf(faults);
        Set<String> all = new HashSet<>();
        for (SelfTestFault f : this.faults) {
            for (String field : f.fields()) {
                if (!all.add(field)) {
                    // Which fault a body arms is told by its fields: a shared one would make that a guess.
                    throw new IllegalStateException("two self-test faults take the field " + field);
                }
            }
        }
        this.fields = Set.copyOf(all);
        this.examples = this.faults.stream().map(SelfTestFault::example).collect(Collectors.joining(" or "));
    }

    @GetMapping
    Map<String, Object> state() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("enabled", properties.enabled());
        faults.forEach(f -> state.putAll(f.state()));
        return state;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> inject(@RequestBody(required = false) String body) {
        if (!properties.enabled()) {
            return ResponseEntity.status(HttpStatus.FORBIDDEN).body(Map.of("error", SelfTestHooks.OFF));
        }
        Map<String, Object> given = StrictJsonBody.fields(body, examples, fields);
        List<SelfTestFault> armed = faults.stream()
                .filter(f -> given.keySet().stream().anyMatch(f.fields()::contains))
                .toList();
        if (armed.size() != 1) {
            throw new BadSettingsException("body", "one fault per request: " + examples);
        }
        return ResponseEntity.ok(armed.get(0).arm(given));
    }
}
