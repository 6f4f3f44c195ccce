package dev.latencylab.runner.cli;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.grafana.DashboardCheck;
import dev.latencylab.runner.grafana.DashboardQueryRunner;
import dev.latencylab.runner.grafana.DashboardResult;
import dev.latencylab.runner.grafana.LabDashboard;
import dev.latencylab.runner.grafana.LabDashboards;
import dev.latencylab.runner.grafana.PhaseAndInstanceFilters;
import dev.latencylab.runner.grafana.TimeWindow;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code check-dashboards}: runs every target of every panel, and every annotation query, of the
 * lab's dashboards over a window against Prometheus. Exit 0 when every panel has data and every
 * dashboard filters by phase and instance and names its phase changes
 * ({@link PhaseAndInstanceFilters}); 1 with one line per "dashboard / panel / refId: no data" (or
 * query error) and per filter missing otherwise.
 */
@Command(
        name = "check-dashboards",
        description = {
            "Run every panel's queries and annotation queries over a window (default: the last 5m) against Prometheus;",
            "exit 1 listing each \"dashboard / panel / refId: no data\" or query error, and each dashboard query",
            "without its $phase and $instance filter or dashboard without a named \"Phase change\" annotation."
        })
final class CheckDashboardsCommand extends LabCommand {

    @Mixin
    WindowArgs windowArgs = new WindowArgs();

    @Mixin
    DashboardArgs dashboardArgs = new DashboardArgs();

    static final Duration DEFAULT_LAST = Duration.ofMinutes(5);

    private final JsonHttp http;
    private final Clock clock;

    CheckDashboardsCommand(PrintStream out, PrintStream err, Path cwd, JsonHttp http, Clock clock) {
        super(out, err, cwd);
        this.http = http;
        this.clock = clock;
    }

    @Override
    public Integer call() throws InterruptedException {
        TimeWindow window = windowArgs.window(clock.instant(), DEFAULT_LAST);
        List<LabDashboard> dashboards = LabDashboards.load(cwd.resolve(dashboardArgs.dashboardsDir));
        out.printf(
                "Checking %d dashboards over %s against Prometheus %s%n",
                dashboards.size(), window, dashboardArgs.prometheus.url);
        DashboardQueryRunner runner = new DashboardQueryRunner(dashboardArgs.prometheus.client(http));
        List<DashboardResult> results = new ArrayList<>();
        for (LabDashboard d : dashboards) {
            DashboardResult r = runner.run(d, window);
            results.add(r);
            out.println("  " + DashboardCheck.summary(r));
        }
        List<String> problems = DashboardCheck.problems(results);
        long panels = results.stream().mapToLong(r -> r.panels().size()).sum();
        long queries = results.stream().mapToLong(r -> r.targets().size()).sum();
        long annotations =
                results.stream().mapToLong(r -> r.annotations().size()).sum();
        List<String> unfiltered = dashboards.stream()
                .flatMap(d -> PhaseAndInstanceFilters.problems(d).stream())
                .toList();
        if (problems.isEmpty() && unfiltered.isEmpty()) {
            out.printf(
                    "Every panel has data: %d panels, %d queries, %d annotation queries ran, in %d dashboards.%n",
                    panels, queries, annotations, dashboards.size());
            out.println("Every query filters by $phase and $instance; every dashboard names its phase changes.");
            return ExitCodes.OK;
        }
        if (!problems.isEmpty()) {
            err.printf(
                    "%d of %d queries would show \"No data\" or an error:%n", problems.size(), queries + annotations);
            problems.forEach(p -> err.println("  " + p));
        }
        if (!unfiltered.isEmpty()) {
            err.printf("%d phase or instance filters or named phase annotations missing:%n", unfiltered.size());
            unfiltered.forEach(p -> err.println("  " + p));
        }
        return ExitCodes.FAILED;
    }
}
