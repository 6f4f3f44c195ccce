package dev.latencylab.core.settings;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The producer's compression.type values the lab accepts, with a stable one-byte code for record headers. */
public enum Compression {
    NONE(0), GZIP(1), SNAPPY(2), LZ4(3), ZSTD(4);

    private final byte code;

    Compression(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    /** The name Kafka's compression.type property uses. */
    public String kafkaName() {
        return name().toLowerCase(Locale.ROOT);
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
        return Arrays.stream(values()).filter(c -> c.kafkaName().equalsIgnoreCase(name.trim())).findFirst();
    }

    public static String acceptedNames() {
        return String.join(", ", Arrays.stream(values()).map(Compression::kafkaName).toList());
    }
}
