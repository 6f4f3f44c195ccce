package dev.latencylab.api.settings;

/** How the listener receives what a poll returned. */
public enum ListenerType implements Labelled {
    /** One record per call (Spring's record listener): the only way to process one record at a time with a commit after each. */
    RECORD,
    /** The poll's records in one call (Spring's batch listener): the unit that parallel processing and batch commits work on. */
    BATCH,
    /**
     * A share group's consumers, {@code workers} of them (KIP-932): the brokers hand out records, not
     * partitions, to every member, and each record is acknowledged (accepted) once processed; one
     * whose acquisition lock runs out first is handed out again.
     */
    SHARE;

    @Override
    public String toString() {
        return label();
    }
}
