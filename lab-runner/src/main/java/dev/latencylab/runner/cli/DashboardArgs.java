package dev.latencylab.runner.cli;

import dev.latencylab.runner.grafana.LabDashboards;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where the dashboards' queries run and where the dashboards are (a picocli mixin of snapshot and check-dashboards). */
final class DashboardArgs {

    @Mixin
    PrometheusArgs prometheus = new PrometheusArgs();

    @Option(
            names = "--dashboards",
            paramLabel = "DIR",
            defaultValue = LabDashboards.DEFAULT_DIR,
            description = "(default ${DEFAULT-VALUE})")
    String dashboardsDir;
}
