package dev.latencylab.core.payload;

/** What the record key is: it decides how records spread over partitions. */
public enum KeyStrategy {
    /** Unique per record: records spread evenly over partitions. */
    ORDER_ID,
    /** One of a pool of customers: the same customer always lands on the same partition. */
    CUSTOMER_ID
}
