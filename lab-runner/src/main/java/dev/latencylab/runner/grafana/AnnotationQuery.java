package dev.latencylab.runner.grafana;

import java.util.List;

/**
 * A Prometheus annotation of a dashboard: every run of non-zero samples of {@code expr} becomes
 * an event (a region when it spans more than one step).
 *
 * @param step Grafana's annotation "Step" (default 60s); samples closer than this join one event
 */
record AnnotationQuery(
        String name,
        boolean enabled,
        String expr,
        String step,
        String titleFormat,
        String textFormat,
        List<String> tagKeys,
        String iconColor) {

    public AnnotationQuery {
        tagKeys = List.copyOf(tagKeys);
    }
}
