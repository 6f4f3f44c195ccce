package dev.latencylab.consumer;

import dev.latencylab.api.settings.BadSettingsException;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * A refused body or field, from any of the app's controllers, is a 400 naming the field, in the
 * body where a client sees it. Limited to the app's own package so that the actuator's endpoints
 * keep their own error handling.
 */
@RestControllerAdvice(basePackageClasses = ConsumerApplication.class)
class BadSettingsHandler {

    @ExceptionHandler(BadSettingsException.class)
    ResponseEntity<Map<String, String>> badSettings(BadSettingsException e) {
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("field", e.field(), "error", e.getMessage()));
    }
}
