package dev.latencylab.runner.grafana;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.PrometheusClient;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The end of {@code run}: the run's window as dashboard snapshots in its results folder
 * ({@code snapshots/<uid>.json}), and in Grafana when Grafana answers. The run's own results
 * are written before and stand whatever happens here.
 */
public final class RunSnapshots {

    private RunSnapshots() {}

    /** @return false only when Grafana answered with an error (a failure of a part, never ignored) */
    public static boolean export(
            PrintStream out,
            PrintStream err,
            Path cwd,
            JsonHttp http,
            URI prometheus,
            URI grafana,
            GrafanaLogin login,
            Instant start,
            Instant end,
            Path resultsDir)
            throws InterruptedException {
        Path dashboardsDir = cwd.resolve(LabDashboards.DEFAULT_DIR);
        out.println();
        if (!Files.isDirectory(dashboardsDir)) {
            out.println(
                    "No dashboards at " + dashboardsDir + " (run from the lab's folder to get them): no snapshots.");
            return true;
        }
        if (!end.isAfter(start)) {
            out.println("The run measured nothing: no snapshots.");
            return true;
        }
        try {
            SnapshotExport.Exported exported = new SnapshotExport(
                            new PrometheusClient(http, prometheus), new GrafanaSnapshotClient(grafana, login), out, err)
                    .export(
                            LabDashboards.load(dashboardsDir),
                            new TimeWindow(start, end),
                            resultsDir,
                            resultsDir.getFileName().toString());
            return !exported.grafanaFailed();
        } catch (EndpointException | DashboardException | UncheckedIOException e) {
            err.println("warning: no dashboard snapshots: " + e.getMessage());
            return true;
        }
    }
}
