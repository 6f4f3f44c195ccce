package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** When the consumer commits its offsets (Spring's ack modes). */
public enum CommitMode {
    /** After every record (listener record only). */
    RECORD,
    /** After every batch a poll returned. */
    BATCH,
    /** Once commitCount records were processed since the last commit. */
    COUNT,
    /** Once commitIntervalMs passed since the last commit. */
    TIME;

    @JsonCreator
    public static CommitMode fromJson(String name) {
        return EnumLabels.fromJson(CommitMode.class, "commit", name);
    }

    @JsonValue
    public String label() {
        return EnumLabels.label(this);
    }

    @Override
    public String toString() {
        return label();
    }
}
