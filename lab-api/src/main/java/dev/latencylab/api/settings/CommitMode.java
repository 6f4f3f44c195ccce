package dev.latencylab.api.settings;

/** When the consumer commits its offsets (Spring's ack modes). */
public enum CommitMode implements Labelled {
    /** After every record (listener record only). */
    RECORD,
    /** After every batch a poll returned. */
    BATCH,
    /** Once commitCount records were processed since the last commit. */
    COUNT,
    /** Once commitIntervalMs passed since the last commit. */
    TIME;

    @Override
    public String toString() {
        return label();
    }
}
