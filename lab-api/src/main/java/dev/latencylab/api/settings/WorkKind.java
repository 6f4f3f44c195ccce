package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What the simulated processing of a record does for workMicros. */
public enum WorkKind {
    /** Spins on the CPU: a computation. */
    CPU,
    /** Parks the thread: a call to a database or a service, costing no CPU while it waits. */
    WAIT;

    @JsonCreator
    public static WorkKind fromJson(String name) {
        return EnumLabels.fromJson(WorkKind.class, "work", name);
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
