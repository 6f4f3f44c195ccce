package dev.latencylab.api.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

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
    public static Optional<KeyStrategy> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String normalized = name.trim().replace('-', '_').toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> k.name().equals(normalized)).findFirst();
    }

    @JsonCreator
    public static KeyStrategy fromJson(String name) {
        return parse(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "keyStrategy must be one of " + acceptedNames() + "; got \"" + name + "\""));
    }

    /** The contract's name: order-id, customer-id, none. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String toString() {
        return label();
    }

    public static String acceptedNames() {
        return String.join(", ", Arrays.stream(values()).map(KeyStrategy::label).toList());
    }
}
