package dev.latencylab.runner.endpoint;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One series of a Prometheus answer, instant or range: its labels and its samples, times in epoch
 * milliseconds. A NaN or infinite sample is kept as NaN, so a caller can tell "no series" from
 * "a series without a number" (Grafana draws nothing there).
 */
public record PromSeries(Map<String, String> labels, long[] times, double[] values) {

    public PromSeries {
        labels = Map.copyOf(labels);
        if (times.length != values.length) {
            throw new IllegalArgumentException("times and values differ in length");
        }
    }

    /** A sample with a number: what a chart draws. */
    public record Point(Instant time, double value) {}

    /** Whether a panel would draw anything: at least one finite sample. */
    public boolean hasData() {
        return Arrays.stream(values).anyMatch(Double::isFinite);
    }

    /** The last sample's value (an instant query's only one), null when it is not a finite number. */
    public Double value() {
        if (values.length == 0) {
            return null;
        }
        double v = values[values.length - 1];
        return Double.isFinite(v) ? v : null;
    }

    /** The samples that have a finite number, in time order. */
    public List<Point> points() {
        List<Point> points = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            if (Double.isFinite(values[i])) {
                points.add(new Point(Instant.ofEpochMilli(times[i]), values[i]));
            }
        }
        return points;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PromSeries s
                && labels.equals(s.labels)
                && Arrays.equals(times, s.times)
                && Arrays.equals(values, s.values);
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
