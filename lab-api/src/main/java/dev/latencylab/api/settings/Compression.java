package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The producer's compression.type values the lab accepts, with a stable one-byte code for record headers. */
public enum Compression {
    NONE(0),
    GZIP(1),
    SNAPPY(2),
    LZ4(3),
    ZSTD(4);

    private final byte code;

    Compression(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    /** The name Kafka's compression.type property uses, and the contract's JSON. */
    @JsonValue
    public String kafkaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Kafka's name, so a setting prints as Kafka spells it wherever it is shown. */
    @Override
    public String toString() {
        return kafkaName();
    }

    public static Optional<Compression> fromCode(byte code) {
        for (Compression c : values()) {
            if (c.code == code) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Accepts Kafka's names in any case; empty for anything else. */
    public static Optional<Compression> fromKafkaName(String name) {
        if (name == null) {
            return Optional.empty();
        }
        return Arrays.stream(values())
                .filter(c -> c.kafkaName().equalsIgnoreCase(name.trim()))
                .findFirst();
    }

    @JsonCreator
    public static Compression fromJson(String name) {
        return fromKafkaName(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "compression must be one of " + acceptedNames() + "; got \"" + name + "\""));
    }

    public static String acceptedNames() {
        return String.join(
                ", ", Arrays.stream(values()).map(Compression::kafkaName).toList());
    }
}
