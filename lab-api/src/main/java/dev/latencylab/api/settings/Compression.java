package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The producer's compression.type values the lab accepts. */
public enum Compression {
    NONE,
    GZIP,
    SNAPPY,
    LZ4,
    ZSTD;

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

    /**
     * The producer property that sets this codec's level, empty for codecs without one (none,
     * snappy). Kafka accepts levels since 3.8 (KIP-390).
     */
    public Optional<String> levelProperty() {
        return switch (this) {
            case GZIP, LZ4, ZSTD -> Optional.of("compression." + kafkaName() + ".level");
            case NONE, SNAPPY -> Optional.empty();
        };
    }

    /** The levels Kafka accepts for this codec (its ConfigDef's ranges), empty for codecs without one. */
    public Optional<SettingsLimits.IntRange> levelRange() {
        return switch (this) {
            // Deflater's BEST_SPEED..BEST_COMPRESSION; Kafka's default -1 is "zlib's default" (6).
            case GZIP -> Optional.of(new SettingsLimits.IntRange(1, 9));
            case LZ4 -> Optional.of(new SettingsLimits.IntRange(1, 17));
            // zstd's negative levels are its fast modes.
            case ZSTD -> Optional.of(new SettingsLimits.IntRange(-131_072, 22));
            case NONE, SNAPPY -> Optional.empty();
        };
    }

    public static String acceptedNames() {
        return String.join(
                ", ", Arrays.stream(values()).map(Compression::kafkaName).toList());
    }
}
