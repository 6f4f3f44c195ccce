package dev.latencylab.runner.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class PhaseAndInstanceFiltersTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void everyRepositoryDashboardFiltersByPhaseAndInstanceAndNamesItsPhaseChanges() {
        List<LabDashboard> dashboards = LabDashboards.load(LabDashboardTest.REPO_DASHBOARDS);

        assertThat(dashboards).hasSize(5);
        assertThat(dashboards).flatExtracting(PhaseAndInstanceFilters::problems).isEmpty();
    }

    @Test
    void aDashboardWithoutTheVariablesFiltersOrNamedAnnotationIsNamed() {
        LabDashboard d = dashboard(
                """
                {"uid": "lab-x",
                 "templating": {"list": [
                   {"name": "phase", "includeAll": true, "allValue": ".+"},
                   {"name": "instance", "includeAll": false}]},
                 "annotations": {"list": [
                   {"name": "Phase change", "expr": "changes(lab_producer_settings_generation[1m]) > 0",
                    "titleFormat": "Phase change"}]},
                 "panels": [{"id": 1, "title": "Rate", "targets": [
                   {"refId": "A", "expr": "sum(rate(x_total{member=~\\"$instance\\"}[1m]))"},
                   {"refId": "B", "expr": "sum(rate(x_total[1m])) and on () lab_phase_info{name=~\\"${phase}\\"}"}]}]}
                """);

        assertThat(PhaseAndInstanceFilters.problems(d))
                .containsExactly(
                        "lab-x: variable \"instance\" without \"All\" as .+",
                        "lab-x / Rate / A: does not filter by $phase (query: sum(rate(x_total{member=~\"$instance\"}[1m])))",
                        "lab-x / Rate / B: does not filter by $instance (query: sum(rate(x_total[1m])) and on () "
                                + "lab_phase_info{name=~\"${phase}\"})",
                        "lab-x: no enabled \"Phase change\" annotation that reads lab_phase_info and names the phase"
                                + " in its title ({{name}})");
    }

    @Test
    void eachRepositoryDashboardFailsWithoutItsVariablesOrItsNamedAnnotation() {
        for (LabDashboard d : LabDashboards.load(LabDashboardTest.REPO_DASHBOARDS)) {
            ObjectNode json = d.json().deepCopy();
            ArrayNode variables = (ArrayNode) json.path("templating").path("list");
            for (int i = variables.size() - 1; i >= 0; i--) {
                if (!variables.path(i).path("name").stringValue().equals("datasource")) {
                    variables.remove(i);
                }
            }
            json.path("annotations").path("list").values().forEach(a -> ((ObjectNode) a).put("titleFormat", "x"));

            assertThat(PhaseAndInstanceFilters.problems(new LabDashboard(d.file(), json)))
                    .as(d.uid())
                    .contains(
                            d.uid() + ": no \"phase\" variable",
                            d.uid() + ": no \"instance\" variable",
                            d.uid() + ": no enabled \"Phase change\" annotation that reads lab_phase_info and names"
                                    + " the phase in its title ({{name}})");
        }
    }

    @Test
    void aVariableIsReferencedInAnyOfGrafanasSyntaxesButNotAsAPrefix() {
        assertThat(PhaseAndInstanceFilters.references("a{b=~\"$instance\"}", "instance"))
                .isTrue();
        assertThat(PhaseAndInstanceFilters.references("a{b=~\"${instance:regex}\"}", "instance"))
                .isTrue();
        assertThat(PhaseAndInstanceFilters.references("a{b=~\"[[instance]]\"}", "instance"))
                .isTrue();
        assertThat(PhaseAndInstanceFilters.references("a{b=~\"$instances\"}", "instance"))
                .isFalse();
        assertThat(PhaseAndInstanceFilters.references("a{instance=~\"x\"}", "instance"))
                .isFalse();
    }

    private static LabDashboard dashboard(String json) {
        return new LabDashboard(Path.of("lab-x.json"), (ObjectNode) JSON.readTree(json));
    }
}
