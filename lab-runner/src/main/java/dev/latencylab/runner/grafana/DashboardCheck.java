package dev.latencylab.runner.grafana;

import java.util.ArrayList;
import java.util.List;

/**
 * The "every panel has data" verdict over query results: one line per target that would show
 * "No data" (or an error) on Grafana, and one per annotation query that does not run.
 */
public final class DashboardCheck {

    private DashboardCheck() {}

    /** {@code <dashboard uid> / <panel title> / <refId>: no data} and friends; empty when every panel has data. */
    public static List<String> problems(List<DashboardResult> results) {
        List<String> problems = new ArrayList<>();
        for (DashboardResult r : results) {
            String uid = r.dashboard().uid();
            for (TargetResult t : r.targets()) {
                String where =
                        uid + " / " + t.panel().title() + " / " + t.target().refId();
                if (t.error() != null) {
                    problems.add(where + ": query error: " + t.error() + " (query: " + t.executedExpr() + ")");
                } else if (!t.hasData()) {
                    problems.add(where + ": no data ("
                            + (t.seriesCount() == 0 ? "no series" : t.seriesCount() + " series, no number")
                            + "; query: " + t.executedExpr() + ")");
                }
            }
            for (AnnotationResult a : r.annotations()) {
                if (a.error() != null) {
                    problems.add(uid + " / annotation \"" + a.query().name() + "\": query error: " + a.error()
                            + " (query: " + a.executedExpr() + ")");
                }
            }
        }
        return problems;
    }

    /** One line per dashboard: panels and queries with data, annotation events found. */
    public static String summary(DashboardResult r) {
        List<TargetResult> targets = r.targets();
        long withData = targets.stream().filter(TargetResult::hasData).count();
        long events = r.annotations().stream().mapToLong(a -> a.events().size()).sum();
        long annotationErrors =
                r.annotations().stream().filter(a -> a.error() != null).count();
        return "%s (%s): %d/%d panels with data, %d/%d queries, %d annotation quer%s ran%s, %d event%s"
                .formatted(
                        r.dashboard().uid(),
                        r.dashboard().title(),
                        r.panelsWithData(),
                        r.panels().size(),
                        withData,
                        targets.size(),
                        r.annotations().size() - annotationErrors,
                        r.annotations().size() - annotationErrors == 1 ? "y" : "ies",
                        annotationErrors == 0 ? "" : " (" + annotationErrors + " failed)",
                        events,
                        events == 1 ? "" : "s");
    }
}
