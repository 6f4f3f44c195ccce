package dev.latencylab.runner.grafana;

import dev.latencylab.runner.endpoint.PrometheusClient;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Queries every lab dashboard over a window, writes one snapshot file per dashboard, then, when
 * a Grafana is given, creates each snapshot there and prints its URL. The files are written
 * first and always; Grafana being away is said plainly, Grafana answering with an error is an
 * error.
 */
public final class SnapshotExport {

    private static final DateTimeFormatter NAME_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private final PrometheusClient prometheus;
    private final GrafanaSnapshotClient grafana;
    private final PrintStream out;
    private final PrintStream err;

    /** @param grafana null to write the files only */
    public SnapshotExport(
            PrometheusClient prometheus, GrafanaSnapshotClient grafana, PrintStream out, PrintStream err) {
        this.prometheus = prometheus;
        this.grafana = grafana;
        this.out = out;
        this.err = err;
    }

    /**
     * @param files        the snapshot files written, in dashboard order
     * @param urls         dashboard uid to the snapshot URL Grafana gave
     * @param grafanaAway  why no Grafana snapshot was created (not reachable), or null
     * @param grafanaErrors Grafana's refusals, with status and message
     * @param noData       targets without data ({@link DashboardCheck#problems})
     */
    public record Exported(
            List<DashboardResult> results,
            List<Path> files,
            Map<String, String> urls,
            String grafanaAway,
            List<String> grafanaErrors,
            List<String> noData) {

        public boolean grafanaFailed() {
            return !grafanaErrors.isEmpty();
        }
    }

    /**
     * @param label what the window is (a run's name, "last 15m"); goes into each snapshot's name
     */
    public Exported export(List<LabDashboard> dashboards, TimeWindow window, Path outDir, String label)
            throws InterruptedException {
        out.printf(
                "Snapshots of %d dashboards over %s (Prometheus %s):%n", dashboards.size(), window, prometheus.base());
        DashboardQueryRunner runner = new DashboardQueryRunner(prometheus);
        List<DashboardResult> results = new ArrayList<>();
        Map<String, ObjectNode> bodies = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        for (LabDashboard d : dashboards) {
            DashboardResult r = runner.run(d, window);
            results.add(r);
            ObjectNode body = SnapshotBody.build(r, name(d, window, label));
            bodies.put(d.uid(), body);
            try {
                files.add(SnapshotFiles.write(outDir, d.uid(), body));
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "could not write the snapshot of " + d.uid() + " under " + outDir + ": " + e.getMessage(), e);
            }
            out.printf(
                    "  %s: %d/%d panels with data -> %s%n",
                    d.uid(), r.panelsWithData(), r.panels().size(), files.get(files.size() - 1));
        }
        List<String> noData = DashboardCheck.problems(results);
        if (!noData.isEmpty()) {
            out.println("Panels without data (check-dashboards tells the same):");
            noData.forEach(p -> out.println("  " + p));
        }
        Map<String, String> urls = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        String away = grafana == null ? null : createInGrafana(bodies, files.size(), urls, errors);
        return new Exported(results, files, urls, away, errors, noData);
    }

    private String createInGrafana(
            Map<String, ObjectNode> bodies, int written, Map<String, String> urls, List<String> errors)
            throws InterruptedException {
        for (Map.Entry<String, ObjectNode> e : bodies.entrySet()) {
            try {
                String url = grafana.create(e.getValue());
                urls.put(e.getKey(), url);
                out.printf("  %s: Grafana snapshot %s%n", e.getKey(), url);
            } catch (GrafanaSnapshotClient.Unreachable u) {
                String message = "Grafana not reachable at " + grafana.base() + " (" + u.getMessage() + "): wrote "
                        + written + " snapshot file" + (written == 1 ? "" : "s") + ", created "
                        + (urls.isEmpty()
                                ? "no Grafana snapshot"
                                : urls.size() + " Grafana snapshots before it went away");
                out.println(message);
                return message;
            } catch (GrafanaSnapshotClient.Refused r) {
                String status = r.status() == 0 ? "" : "HTTP " + r.status() + ": ";
                String hint = r.status() == 401 || r.status() == 403
                        ? " (" + grafana.login().describe() + ")"
                        : "";
                String message = "Grafana at " + grafana.base() + " refused the snapshot of " + e.getKey() + ": "
                        + status + r.getMessage() + hint;
                err.println("error: " + message);
                errors.add(message);
                if (r.status() == 401 || r.status() == 403) {
                    // The same login fails for every dashboard: one message says it.
                    break;
                }
            }
        }
        return null;
    }

    private static String name(LabDashboard d, TimeWindow w, String label) {
        return d.title() + " (" + (label == null || label.isBlank() ? "" : label + ", ") + NAME_TIME.format(w.from())
                + " to " + NAME_TIME.format(w.to()) + ")";
    }
}
