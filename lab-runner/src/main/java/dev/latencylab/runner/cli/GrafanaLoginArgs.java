package dev.latencylab.runner.cli;

import dev.latencylab.runner.grafana.GrafanaLogin;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --grafana-user} and {@code --grafana-password}, for the commands that create snapshots (a picocli mixin). */
final class GrafanaLoginArgs {

    @Option(names = "--grafana-user", paramLabel = "U", description = "(default admin)")
    String user;

    @Option(
            names = "--grafana-password",
            paramLabel = "P",
            description = "(default: env GRAFANA_ADMIN_PASSWORD, else $LAB_DIR/grafana-admin-password, .lab/ here,"
                    + " which scripts/lab up makes)")
    String password;

    GrafanaLogin login(Map<String, String> env, Path cwd) {
        return GrafanaLogin.resolve(user, password, env, cwd);
    }
}
