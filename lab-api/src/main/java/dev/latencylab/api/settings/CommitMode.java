package dev.latencylab.api.settings;

/** When the consumer commits its offsets: Spring's ack modes, or the Kafka consumer's own auto-commit. */
public enum CommitMode implements Labelled {
    /** After every record (listener record only). */
    RECORD,
    /** After every batch a poll returned. */
    BATCH,
    /** Once commitCount records were processed since the last commit. */
    COUNT,
    /** Once commitIntervalMs passed since the last commit. */
    TIME,
    /**
     * Kafka's own auto-commit (enable.auto.commit, every commitIntervalMs, inside poll): what a
     * consumer does by default, ConsumerPerformance included. Spring then tracks no acknowledgement
     * per record. Safe for the lab's listeners: each returns only once its records are processed
     * (a batch's workers included), so a poll commits only what was processed before it.
     */
    AUTO;

    /** Whether commitIntervalMs says when it commits. */
    public boolean timed() {
        return this == TIME || this == AUTO;
    }

    @Override
    public String toString() {
        return label();
    }
}
