package dev.latencylab.runner.cli;

import dev.latencylab.runner.grafana.GrafanaLogin;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --grafana-user}, {@code --grafana-password-file} and {@code --grafana-password}, for the commands that
 * create snapshots (a picocli mixin). A password on the command line is every local user's to read (ps): it is
 * still taken, with a warning that names the ways without it.
 */
final class GrafanaLoginArgs {

    @Option(names = "--grafana-user", paramLabel = "U", description = "(default admin)")
    String user;

    @Option(
            names = "--grafana-password-file",
            paramLabel = "FILE",
            description = "a file readable by you alone (chmod 600) whose first line is Grafana's password: the way"
                    + " to give one that stays off the command line")
    String passwordFile;

    @Option(
            names = "--grafana-password",
            paramLabel = "P",
            description = "the password on the command line, where every user of the machine can read it (ps): a"
                    + " warning says so; prefer GRAFANA_ADMIN_PASSWORD or --grafana-password-file (default: env"
                    + " GRAFANA_ADMIN_PASSWORD, which scripts/lab sets to the compose stack's, else"
                    + " $LAB_DIR/grafana-admin-password, .lab/ here, the local Grafana's, which scripts/lab up"
                    + " makes in local mode)")
    String password;

    /**
     * The login; a warning on {@code err} for a password given on the command line.
     *
     * @throws UsageException when both ways are given, or the file is refused
     */
    GrafanaLogin login(Map<String, String> env, Path cwd, PrintStream err) {
        if (password != null && passwordFile != null) {
            throw new UsageException("give --grafana-password-file or --grafana-password, not both");
        }
        if (passwordFile != null) {
            try {
                return GrafanaLogin.fromFile(user, cwd.resolve(passwordFile), "--grafana-password-file");
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (password != null) {
            err.println("warning: --grafana-password puts the password on the command line, where every user of"
                    + " this machine can read it (ps): give it in GRAFANA_ADMIN_PASSWORD or --grafana-password-file"
                    + " FILE instead");
        }
        return GrafanaLogin.resolve(user, password, env, cwd);
    }
}
