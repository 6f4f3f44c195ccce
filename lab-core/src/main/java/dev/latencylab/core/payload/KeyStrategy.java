package dev.latencylab.core.payload;

/** What the record key is: it decides how records spread over partitions. */
public enum KeyStrategy {
    /** Unique per record: records spread evenly over partitions. */
    ORDER_ID,
    /** One of a pool of customers: the same customer always lands on the same partition. */
    CUSTOMER_ID,
    /**
     * No key: Kafka's sticky partitioner fills one partition's batch before moving on, so batches
     * are fuller at the same rate (what kafka-producer-perf-test does).
     */
    NONE;

    /** Accepts order-id, ORDER_ID, customer-id, none ... */
    public static java.util.Optional<KeyStrategy> parse(String name) {
        if (name == null) {
            return java.util.Optional.empty();
        }
        String normalized = name.trim().replace('-', '_').toUpperCase(java.util.Locale.ROOT);
        return java.util.Arrays.stream(values()).filter(k -> k.name().equals(normalized)).findFirst();
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
