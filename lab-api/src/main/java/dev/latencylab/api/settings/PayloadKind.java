package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What the record values are made of. It decides what the codecs can do with them: English words
 * compress far better than real traffic, random hex about as badly as ids and hashes do.
 */
public enum PayloadKind {
    /** The order event JSON padded with words from a small vocabulary: compresses like text (zstd ~0.25). */
    WORDS,
    /** The order event JSON with every string field random hex: compresses like ids and hashes. */
    RANDOM_HEX,
    /** One payload made once and sent for every record: the cheapest to generate, compresses to nothing. */
    FIXED,
    /** The user's own records from {@code payloadFile}, one per line, cycled; sizes are the lines'. */
    SAMPLE;

    /** Accepts words, random-hex, RANDOM_HEX, fixed, sample. */
    public static Optional<PayloadKind> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String normalized = name.trim().replace('-', '_').toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> k.name().equals(normalized)).findFirst();
    }

    @JsonCreator
    public static PayloadKind fromJson(String name) {
        return parse(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "payload must be one of " + acceptedNames() + "; got \"" + name + "\""));
    }

    /** The contract's name: words, random-hex, fixed, sample. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String toString() {
        return label();
    }

    public static String acceptedNames() {
        return String.join(", ", Arrays.stream(values()).map(PayloadKind::label).toList());
    }
}
