package dev.latencylab.producer.control;

import dev.latencylab.core.payload.KeyStrategy;
import dev.latencylab.core.settings.Compression;
import dev.latencylab.core.settings.SettingsLimits;
import dev.latencylab.core.settings.SettingsLimits.IntRange;
import dev.latencylab.producer.load.SettingsChange;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a POST body into a {@link SettingsChange}, or refuses it whole with the first field at
 * fault. Strict on purpose: a typo in a field name or a quoted number must not silently leave
 * a setting unchanged in the middle of an experiment.
 */
class SettingsRequestParser {

    static final Set<String> FIELDS = Set.of("lingerMs", "batchSize", "compression", "rate", "payloadBytes",
            "keyStrategy", "running");

    private final JsonMapper json;

    SettingsRequestParser() {
        // Strict about repeated keys too: {"lingerMs": 99999, "lingerMs": 5} is a mistake, not a 5.
        this.json = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    }

    SettingsChange parse(String body) {
        Map<String, Object> fields = readObject(body);
        for (String name : fields.keySet()) {
            if (!FIELDS.contains(name)) {
                throw new BadSettingsException(name, "unknown field '" + name + "'; accepted: "
                        + String.join(", ", FIELDS.stream().sorted().toList()));
            }
        }
        return new SettingsChange(
                integer(fields, "lingerMs", SettingsLimits.LINGER_MS),
                integer(fields, "batchSize", SettingsLimits.BATCH_SIZE),
                compression(fields),
                rate(fields),
                integer(fields, "payloadBytes", SettingsLimits.PAYLOAD_BYTES),
                keyStrategy(fields),
                bool(fields, "running"));
    }

    private Map<String, Object> readObject(String body) {
        if (body == null || body.isBlank()) {
            throw new BadSettingsException("body", "body must be a JSON object, e.g. {\"lingerMs\": 5}");
        }
        try {
            Map<String, Object> map = json.readValue(body, new TypeReference<Map<String, Object>>() { });
            if (map == null) {
                throw new BadSettingsException("body", "body must be a JSON object, e.g. {\"lingerMs\": 5}");
            }
            return map;
        } catch (JacksonException e) {
            throw new BadSettingsException("body", "body must be a JSON object, e.g. {\"lingerMs\": 5}; "
                    + e.getOriginalMessage());
        }
    }

    private static Integer integer(Map<String, Object> fields, String name, IntRange range) {
        if (!fields.containsKey(name)) {
            return null;
        }
        Object value = fields.get(name);
        boolean integral = value instanceof Integer || value instanceof Long || value instanceof BigInteger
                || value instanceof Short;
        if (!integral || !range.contains(((Number) value).longValue())
                || (value instanceof BigInteger big && big.bitLength() > 63)) {
            throw new BadSettingsException(name, range.describe(name) + "; got " + render(value));
        }
        return ((Number) value).intValue();
    }

    private static Double rate(Map<String, Object> fields) {
        if (!fields.containsKey("rate")) {
            return null;
        }
        Object value = fields.get("rate");
        double rate = value instanceof Number n && !(value instanceof BigDecimal big && big.scale() > 9)
                ? n.doubleValue() : Double.NaN;
        if (!SettingsLimits.rateAccepted(rate)) {
            throw new BadSettingsException("rate", SettingsLimits.describeRate("rate") + "; got " + render(value));
        }
        return rate;
    }

    private static Compression compression(Map<String, Object> fields) {
        if (!fields.containsKey("compression")) {
            return null;
        }
        Object value = fields.get("compression");
        return (value instanceof String name ? Compression.fromKafkaName(name) : java.util.Optional.<Compression>empty())
                .orElseThrow(() -> new BadSettingsException("compression",
                        "compression must be one of " + Compression.acceptedNames() + "; got " + render(value)));
    }

    private static KeyStrategy keyStrategy(Map<String, Object> fields) {
        if (!fields.containsKey("keyStrategy")) {
            return null;
        }
        Object value = fields.get("keyStrategy");
        return (value instanceof String name ? KeyStrategy.parse(name) : java.util.Optional.<KeyStrategy>empty())
                .orElseThrow(() -> new BadSettingsException("keyStrategy",
                        "keyStrategy must be one of order-id, customer-id, none; got " + render(value)));
    }

    private static Boolean bool(Map<String, Object> fields, String name) {
        if (!fields.containsKey(name)) {
            return null;
        }
        if (fields.get(name) instanceof Boolean b) {
            return b;
        }
        throw new BadSettingsException(name, name + " must be true or false; got " + render(fields.get(name)));
    }

    private static String render(Object value) {
        return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
    }
}
