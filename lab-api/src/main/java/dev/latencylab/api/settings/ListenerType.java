package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How the listener receives what a poll returned. */
public enum ListenerType {
    /** One record per call (Spring's record listener): the only way to process one record at a time with a commit after each. */
    RECORD,
    /** The poll's records in one call (Spring's batch listener): the unit that parallel processing and batch commits work on. */
    BATCH;

    @JsonCreator
    public static ListenerType fromJson(String name) {
        return EnumLabels.fromJson(ListenerType.class, "listener", name);
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
