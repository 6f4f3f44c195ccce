package dev.latencylab.runner.results.collect;

import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/** Broker ids ("1", "2", ... "10") in numeric order, so tables and JSON list brokers the same way every time. */
public final class BrokerIds {

    public static final Comparator<String> ORDER =
            Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder());

    private BrokerIds() {}

    public static <V> Map<String, V> sorted(Map<String, V> byBroker) {
        TreeMap<String, V> sorted = new TreeMap<>(ORDER);
        if (byBroker != null) {
            sorted.putAll(byBroker);
        }
        return Collections.unmodifiableMap(sorted);
    }
}
