package dev.latencylab.runner.cli;

import dev.latencylab.runner.grafana.LabDashboards;
import java.net.URI;
import picocli.CommandLine.Option;

/** Where the dashboards' queries run and where the dashboards are (a picocli mixin of snapshot and check-dashboards). */
final class DashboardArgs {

    @Option(
            names = "--prometheus",
            paramLabel = "URL",
            defaultValue = Defaults.PROMETHEUS,
            description = "(default ${DEFAULT-VALUE})")
    URI prometheusUrl;

    @Option(
            names = "--dashboards",
            paramLabel = "DIR",
            defaultValue = LabDashboards.DEFAULT_DIR,
            description = "(default ${DEFAULT-VALUE})")
    String dashboardsDir;
}
