package dev.latencylab.core.requestbody;

import dev.latencylab.api.settings.BadSettingsException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** A request body read as a JSON object, strictly: a repeated key is a mistake, not the last value. */
public final class StrictJsonBody {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private StrictJsonBody() {}

    /**
     * The body's fields.
     *
     * @param example what a valid body looks like, for the error
     * @throws BadSettingsException naming the field "body" when it is not one JSON object
     */
    public static Map<String, Object> fields(String body, String example) {
        String expected = "body must be a JSON object, e.g. " + example;
        if (body == null || body.isBlank()) {
            throw new BadSettingsException("body", expected);
        }
        Map<String, Object> fields;
        try {
            fields = JSON.readValue(body, new TypeReference<Map<String, Object>>() {});
        } catch (JacksonException e) {
            throw new BadSettingsException("body", expected + "; " + e.getOriginalMessage());
        }
        if (fields == null) {
            throw new BadSettingsException("body", expected);
        }
        return fields;
    }

    /**
     * The body's fields, each one of {@code accepted}.
     *
     * @throws BadSettingsException naming the body, or the first field not accepted
     */
    public static Map<String, Object> fields(String body, String example, Set<String> accepted) {
        Map<String, Object> fields = fields(body, example);
        for (String name : fields.keySet()) {
            if (!accepted.contains(name)) {
                throw new BadSettingsException(
                        name, "unknown field '" + name + "'; accepted: " + String.join(", ", new TreeSet<>(accepted)));
            }
        }
        return fields;
    }
}
