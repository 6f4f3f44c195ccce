package dev.latencylab.core.control;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** A filter's refusal in the shape the apps' endpoints answer errors in, so a client reads both alike. */
final class ErrorResponse {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ErrorResponse() {}

    /** Answers {@code {"error": error}} with {@code status}. */
    static void write(HttpServletResponse response, int status, String error) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(JSON.writeValueAsString(Map.of("error", error)));
    }
}
