package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/**
 * The producer's {@code acks}: what the brokers confirm before a send completes. {@code acks=0} is
 * not offered: a record sent with it gets no offset back, so the lab could not account for it.
 */
public enum Acks {
    /** Every in-sync replica has the record (at least min.insync.replicas); idempotence on. */
    ALL("all"),
    /** The leader has written the record; idempotence off (Kafka requires acks=all for it). */
    LEADER("1");

    private final String kafkaValue;

    Acks(String kafkaValue) {
        this.kafkaValue = kafkaValue;
    }

    /** The value of Kafka's {@code acks} property. */
    @JsonValue
    public String kafkaValue() {
        return kafkaValue;
    }

    /** Whether the producer can be idempotent with these acks. */
    public boolean idempotent() {
        return this == ALL;
    }

    /** {@code all}, {@code -1}, {@code 1} (number or text); anything else, {@code 0} included, is refused. */
    public static Optional<Acks> parse(Object value) {
        String text =
                value instanceof Number n ? String.valueOf(n.longValue()) : value instanceof String s ? s.trim() : "";
        if (value instanceof Number n && n.doubleValue() != n.longValue()) {
            return Optional.empty();
        }
        return switch (text.toLowerCase(java.util.Locale.ROOT)) {
            case "all", "-1" -> Optional.of(ALL);
            case "1" -> Optional.of(LEADER);
            default -> Optional.empty();
        };
    }

    @JsonCreator
    public static Acks fromJson(Object value) {
        return parse(value).orElseThrow(() -> new BadSettingsException("acks", "acks must be all or 1; got " + value));
    }

    public static String acceptedNames() {
        return "all, 1 (0 is refused: records sent with acks=0 get no offset to account for)";
    }

    @Override
    public String toString() {
        return kafkaValue;
    }
}
