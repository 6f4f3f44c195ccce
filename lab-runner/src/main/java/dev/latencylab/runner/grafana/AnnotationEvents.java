package dev.latencylab.runner.grafana;

import dev.latencylab.runner.endpoint.PromSeries;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Turns an annotation query's series into events the way Grafana's Prometheus datasource does:
 * each run of non-zero samples is one event, samples at most one step apart join the same event,
 * the title and text come from the title/text templates over the series' labels and the tags
 * from the listed tag keys.
 */
final class AnnotationEvents {

    private AnnotationEvents() {}

    static List<AnnotationEvent> from(AnnotationQuery query, List<PromSeries> series, Duration step) {
        List<AnnotationEvent> events = new ArrayList<>();
        long stepMs = step.toMillis();
        for (PromSeries s : series) {
            String title = query.titleFormat() != null ? Legend.render(query.titleFormat(), s.labels()) : query.name();
            String text = query.textFormat() != null ? Legend.render(query.textFormat(), s.labels()) : "";
            List<String> tags = query.tagKeys().stream()
                    .map(k -> s.labels().get(k))
                    .filter(Objects::nonNull)
                    .filter(v -> !v.isBlank())
                    .toList();
            long start = -1;
            long end = -1;
            for (int i = 0; i < s.times().length; i++) {
                double v = s.values()[i];
                if (!Double.isFinite(v) || v == 0) {
                    continue;
                }
                long t = s.times()[i];
                if (start >= 0 && t - end > stepMs) {
                    events.add(new AnnotationEvent(start, end, title, text, tags));
                    start = -1;
                }
                if (start < 0) {
                    start = t;
                }
                end = t;
            }
            if (start >= 0) {
                events.add(new AnnotationEvent(start, end, title, text, tags));
            }
        }
        events.sort((a, b) -> Long.compare(a.time(), b.time()));
        return events;
    }
}
