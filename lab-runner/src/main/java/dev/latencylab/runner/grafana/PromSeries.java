package dev.latencylab.runner.grafana;

import java.util.Arrays;
import java.util.Map;

/**
 * One series of a Prometheus answer: its labels and its samples, times in epoch milliseconds.
 * A NaN or infinite sample is kept as NaN (Grafana draws nothing there).
 */
record PromSeries(Map<String, String> labels, long[] times, double[] values) {

    public PromSeries {
        labels = Map.copyOf(labels);
        if (times.length != values.length) {
            throw new IllegalArgumentException("times and values differ in length");
        }
    }

    /** Whether a panel would draw anything: at least one finite sample. */
    public boolean hasData() {
        return Arrays.stream(values).anyMatch(Double::isFinite);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PromSeries s && labels.equals(s.labels) && Arrays.equals(times, s.times) && Arrays.equals(values, s.values);
    }

    @Override
    public int hashCode() {
        return labels.hashCode() * 31 + Arrays.hashCode(times) * 17 + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return labels + " " + values.length + " samples";
    }
}
