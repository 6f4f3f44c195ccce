package dev.latencylab.runner.grafana;

import dev.latencylab.runner.endpoint.PromQueryException;
import dev.latencylab.runner.endpoint.PromSeries;
import dev.latencylab.runner.endpoint.PrometheusClient;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every target of every panel and every annotation query of a dashboard against
 * Prometheus over a window, with Grafana's variables substituted. A refused query is recorded
 * with Prometheus' reason; a Prometheus that does not answer stops the whole run
 * ({@link dev.latencylab.runner.endpoint.EndpointException}).
 */
public final class DashboardQueryRunner {

    private final PrometheusClient prometheus;

    public DashboardQueryRunner(PrometheusClient prometheus) {
        this.prometheus = prometheus;
    }

    public DashboardResult run(LabDashboard dashboard, TimeWindow window) throws InterruptedException {
        List<PanelResult> panels = new ArrayList<>();
        for (Panel panel : dashboard.panels()) {
            List<TargetResult> targets = new ArrayList<>();
            for (Target target : panel.targets()) {
                targets.add(target(dashboard, panel, target, window));
            }
            panels.add(new PanelResult(panel, targets));
        }
        List<AnnotationResult> annotations = new ArrayList<>();
        for (AnnotationQuery a : dashboard.annotations()) {
            annotations.add(annotation(dashboard, a, window));
        }
        return new DashboardResult(dashboard, window, panels, annotations);
    }

    private TargetResult target(LabDashboard dashboard, Panel panel, Target target, TimeWindow window)
            throws InterruptedException {
        QueryTiming timing;
        try {
            timing = QueryTiming.forPanel(window, panel, target);
        } catch (DashboardException e) {
            return new TargetResult(panel, target, target.expr(), null, List.of(), List.of(), e.getMessage());
        }
        String expr = GrafanaVariables.of(timing, dashboard.variables()).substitute(target.expr());
        try {
            List<PromSeries> range = target.range()
                    ? prometheus.rangeAligned(expr, window.from(), window.to(), timing.step())
                    : List.of();
            List<PromSeries> instant = target.instant() ? prometheus.instant(expr, window.to()) : List.of();
            return new TargetResult(panel, target, expr, timing, range, instant, null);
        } catch (PromQueryException e) {
            return new TargetResult(panel, target, expr, timing, List.of(), List.of(), e.reason());
        }
    }

    private AnnotationResult annotation(LabDashboard dashboard, AnnotationQuery a, TimeWindow window)
            throws InterruptedException {
        QueryTiming timing;
        try {
            timing = QueryTiming.forAnnotation(window, a);
        } catch (DashboardException e) {
            return new AnnotationResult(a, a.expr(), List.of(), e.getMessage());
        }
        String expr = GrafanaVariables.of(timing, dashboard.variables()).substitute(a.expr());
        try {
            List<PromSeries> series = prometheus.rangeAligned(expr, window.from(), window.to(), timing.step());
            return new AnnotationResult(a, expr, AnnotationEvents.from(a, series, timing.step()), null);
        } catch (PromQueryException e) {
            return new AnnotationResult(a, expr, List.of(), e.reason());
        }
    }
}
