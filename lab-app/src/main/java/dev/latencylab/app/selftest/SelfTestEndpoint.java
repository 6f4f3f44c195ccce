package dev.latencylab.app.selftest;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.core.json.StrictJsonBody;
import java.util.LinkedHashMap;
import java.util.Map;
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
 * {@code POST /actuator/selftest} arms the app's fault (its {@link SelfTestFault} reads the body);
 * GET says whether the hooks are on and what the fault did. Refused with 403 unless the app was
 * started with the self-test's property; a bad field is a 400 naming it.
 */
@RestController
@RequestMapping(path = SelfTestHooks.PATH, produces = MediaType.APPLICATION_JSON_VALUE)
@EnableConfigurationProperties(SelfTestProperties.class)
public class SelfTestEndpoint {

    private final SelfTestProperties properties;
    private final SelfTestFault fault;

    SelfTestEndpoint(SelfTestProperties properties, SelfTestFault fault) {
        this.properties = properties;
        this.fault = fault;
    }

    @GetMapping
    Map<String, Object> state() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("enabled", properties.enabled());
        state.putAll(fault.state());
        return state;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> inject(@RequestBody(required = false) String body) {
        if (!properties.enabled()) {
            return ResponseEntity.status(HttpStatus.FORBIDDEN).body(Map.of("error", SelfTestHooks.OFF));
        }
        return ResponseEntity.ok(fault.arm(StrictJsonBody.fields(body, fault.example(), fault.fields())));
    }
}
