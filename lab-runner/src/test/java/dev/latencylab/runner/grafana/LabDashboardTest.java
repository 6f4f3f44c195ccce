package dev.latencylab.runner.grafana;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class LabDashboardTest {

    static final Path FIXTURES = Path.of("src/test/resources/dashboards-fixture");
    /** The repository's dashboards; surefire runs in the module folder. */
    static final Path REPO_DASHBOARDS = Path.of("..").resolve(LabDashboards.DEFAULT_DIR);

    @Test
    void readsOnlyLabTaggedDashboardsAndTheirQueryingPanels() {
        List<LabDashboard> dashboards = LabDashboards.load(FIXTURES);

        assertThat(dashboards).extracting(LabDashboard::uid).containsExactly("lab-fixture");
        LabDashboard d = dashboards.get(0);
        // Rows are not panels; the panel inside the collapsed row is.
        assertThat(d.panels())
                .extracting(Panel::title)
                .containsExactly("Requests", "Lost", "Latency distribution", "Broken query");
        Panel requests = d.panels().get(0);
        assertThat(requests.targets())
                .extracting(Target::refId)
                .as("hidden target C is skipped")
                .containsExactly("A", "B");
        Panel lost = d.panels().get(1);
        assertThat(lost.targets().get(0).instant()).isTrue();
        assertThat(lost.targets().get(0).range()).isFalse();
        assertThat(d.panels().get(2).targets().get(0).heatmap()).isTrue();
        assertThat(d.annotations())
                .as("the built-in Grafana annotation is not a Prometheus query")
                .extracting(AnnotationQuery::name)
                .containsExactly("Producer settings changed");
        assertThat(d.annotations().get(0).step()).isEqualTo("5s");
    }

    @Test
    void everyTargetOfTheRepositoryDashboardsIsRead() {
        List<LabDashboard> dashboards = LabDashboards.load(REPO_DASHBOARDS);

        assertThat(dashboards).isNotEmpty();
        for (LabDashboard d : dashboards) {
            assertThat(d.file().getFileName().toString()).isEqualTo(d.uid() + ".json");
            long inJson = 0;
            for (JsonNode p : d.json().path("panels").values()) {
                inJson += p.path("targets").size();
                for (JsonNode nested : p.path("panels").values()) {
                    inJson += nested.path("targets").size();
                }
            }
            long read = d.panels().stream().mapToLong(p -> p.targets().size()).sum();
            assertThat(read).as("%s: targets read", d.uid()).isEqualTo(inJson).isPositive();
            assertThat(d.annotations()).as("%s: annotation queries", d.uid()).isNotEmpty();
        }
    }

    @Test
    void aMissingFolderIsNamed() {
        assertThatThrownBy(() -> LabDashboards.load(Path.of("no/such/dir")))
                .isInstanceOf(DashboardException.class)
                .hasMessageContaining("no/such/dir");
    }
}
