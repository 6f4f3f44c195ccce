package dev.latencylab.api.settings;

/** What the record key is: it decides how records spread over partitions. */
public enum KeyStrategy implements Labelled {
    /** Unique per record: records spread evenly over partitions. */
    ORDER_ID,
    /** One of a pool of customers: the same customer always lands on the same partition. */
    CUSTOMER_ID,
    /**
     * No key: Kafka's sticky partitioner fills one partition's batch before moving on, so batches
     * are fuller at the same rate (what kafka-producer-perf-test does).
     */
    NONE;

    @Override
    public String toString() {
        return label();
    }
}
