package dev.latencylab.runner.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.endpoint.JsonHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The end of a run: its window as snapshot files in its results folder, and in Grafana when it answers. */
class RunSnapshotsTest {

    private static final Instant START = Instant.parse("2026-11-21T23:50:00Z");
    private static final Instant END = START.plus(Duration.ofMinutes(2));

    @TempDir
    Path cwd;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private FakePrometheus prometheus;
    private RecordingGrafana grafana;
    private Path results;

    @BeforeEach
    void setUp() throws IOException {
        prometheus = new FakePrometheus();
        grafana = new RecordingGrafana();
        results = Files.createDirectories(cwd.resolve("results/20261121T235000Z-linger-sweep"));
    }

    @AfterEach
    void tearDown() {
        prometheus.close();
        grafana.close();
    }

    private boolean export() throws InterruptedException {
        return RunSnapshots.export(
                new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                cwd,
                new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)),
                prometheus.url(),
                grafana.url(),
                new GrafanaLogin("admin", "pw", "test"),
                START,
                END,
                results);
    }

    private void dashboards() throws IOException {
        Path dir = Files.createDirectories(cwd.resolve(LabDashboards.DEFAULT_DIR));
        Files.copy(Path.of("src/test/resources/dashboards-fixture/lab-fixture.json"), dir.resolve("lab-fixture.json"));
    }

    @Test
    void writesTheRunWindowIntoTheResultsFolderAndCreatesItInGrafana() throws Exception {
        dashboards();

        assertThat(export()).isTrue();

        assertThat(results.resolve("snapshots/lab-fixture.json"))
                .content()
                .contains("\"from\" : \"2026-11-21T23:50:00Z\"")
                .contains("\"to\" : \"2026-11-21T23:52:00Z\"")
                .contains("Fixture (20261121T235000Z-linger-sweep, 2026-11-21 23:50:00Z to 2026-11-21 23:52:00Z)");
        assertThat(grafana.requests()).hasSize(1);
        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("lab-fixture: Grafana snapshot " + grafana.url() + "/dashboard/snapshot/key1");
        // The run's 2 minutes: $__range is 120s in the instant query at the run's end.
        assertThat(prometheus.log())
                .contains("instant round(sum(increase(lab_consumer_lost_records_total[120s]))) time="
                        + END.getEpochSecond() + ".000");
    }

    @Test
    void aGrafanaErrorFailsTheExportButTheFilesStay() throws Exception {
        dashboards();
        grafana.failWith(500, "Failed to create snapshot");

        assertThat(export()).isFalse();

        assertThat(errBytes.toString(StandardCharsets.UTF_8)).contains("HTTP 500: Failed to create snapshot");
        assertThat(results.resolve("snapshots/lab-fixture.json")).isNotEmptyFile();
    }

    @Test
    void withoutTheDashboardsFolderTheRunSaysSoAndGoesOn() throws Exception {
        assertThat(export()).isTrue();

        assertThat(outBytes.toString(StandardCharsets.UTF_8))
                .contains("No dashboards at " + cwd.resolve(LabDashboards.DEFAULT_DIR));
        assertThat(prometheus.log()).isEmpty();
        assertThat(grafana.requests()).isEmpty();
    }
}
