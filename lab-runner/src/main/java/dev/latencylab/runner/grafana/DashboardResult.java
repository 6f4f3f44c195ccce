package dev.latencylab.runner.grafana;

import java.util.List;

/** Every panel's and every annotation's answer for one dashboard over one window. */
public record DashboardResult(
        LabDashboard dashboard, TimeWindow window, List<PanelResult> panels, List<AnnotationResult> annotations) {

    public DashboardResult {
        panels = List.copyOf(panels);
        annotations = List.copyOf(annotations);
    }

    public long panelsWithData() {
        return panels.stream().filter(PanelResult::hasData).count();
    }

    public List<TargetResult> targets() {
        return panels.stream().flatMap(p -> p.targets().stream()).toList();
    }
}
