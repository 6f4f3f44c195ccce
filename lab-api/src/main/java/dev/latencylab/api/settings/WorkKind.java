package dev.latencylab.api.settings;

/** What the simulated processing of a record does for workMicros. */
public enum WorkKind implements Labelled {
    /** Spins on the CPU: a computation. */
    CPU,
    /** Parks the thread: a call to a database or a service, costing no CPU while it waits. */
    WAIT;

    @Override
    public String toString() {
        return label();
    }
}
