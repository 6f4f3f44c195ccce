package dev.latencylab.api.settings;

/** How the records a listener call received are processed. */
public enum ProcessingOrder implements Labelled {
    /** One after another on the listener thread, in offset order. */
    IN_ORDER,
    /** On workers, the same key always on the same worker, so each key's records keep their offset order (Confluent Parallel Consumer's KEY ordering). */
    PER_KEY,
    /** On workers, any record on any free worker: the most parallel, no order kept. */
    UNORDERED;

    @Override
    public String toString() {
        return label();
    }
}
