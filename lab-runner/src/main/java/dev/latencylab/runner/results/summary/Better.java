package dev.latencylab.runner.results.summary;

import com.fasterxml.jackson.annotation.JsonValue;

/** Which way a figure improves; {@link #NONE} for figures that only describe the load (samples, records sent). */
public enum Better {
    LOWER("lower"),
    HIGHER("higher"),
    NONE("none");

    private final String word;

    Better(String word) {
        this.word = word;
    }

    /** +1 when a rise is worse, -1 when a fall is worse, 0 when neither is. */
    public int worseSign() {
        return this == LOWER ? 1 : this == HIGHER ? -1 : 0;
    }

    @JsonValue
    public String word() {
        return word;
    }
}
