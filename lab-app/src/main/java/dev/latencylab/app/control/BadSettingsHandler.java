package dev.latencylab.app.control;

import dev.latencylab.api.settings.BadSettingsException;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * A refused body or field, from any of the lab's controllers, is a 400 naming the field, in the
 * body where a client sees it. Limited to the lab's own packages so that the actuator's endpoints
 * keep their own error handling. Each app's application class imports this, as the filters.
 */
@RestControllerAdvice(basePackages = "dev.latencylab")
public class BadSettingsHandler {

    @ExceptionHandler(BadSettingsException.class)
    ResponseEntity<Map<String, String>> badSettings(BadSettingsException e) {
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("field", e.field(), "error", e.getMessage()));
    }
}
