package dev.latencylab.runner.grafana;

import java.util.List;

/** One annotation: a point when {@code time == timeEnd}, else a region. Times in epoch milliseconds. */
record AnnotationEvent(long time, long timeEnd, String title, String text, List<String> tags) {

    public AnnotationEvent {
        tags = List.copyOf(tags);
    }

    public boolean isRegion() {
        return timeEnd > time;
    }
}
