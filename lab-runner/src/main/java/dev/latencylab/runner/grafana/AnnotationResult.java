package dev.latencylab.runner.grafana;

import java.util.List;

/** The events one annotation query found in the window, or the reason it could not run. */
record AnnotationResult(AnnotationQuery query, String executedExpr, List<AnnotationEvent> events, String error) {

    public AnnotationResult {
        events = List.copyOf(events);
    }
}
