package dev.latencylab.runner.grafana;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Who creates snapshots in Grafana (basic auth). The password comes from, in order:
 * {@code --grafana-password}, the environment's {@value #ENV}, the {@code .env} file of the
 * working directory (what docker-compose.yml and scripts/lab give Grafana), else Grafana's
 * default "admin".
 *
 * @param source where the password came from, for messages (never the password itself)
 */
public record GrafanaLogin(String user, String password, String source) {

    public static final String ENV = "GRAFANA_ADMIN_PASSWORD";

    @Override
    public String toString() {
        return "GrafanaLogin[" + user + ", password from " + source + "]";
    }

    public static GrafanaLogin resolve(String user, String password, Map<String, String> env, Path cwd) {
        String u = user == null || user.isBlank() ? "admin" : user;
        if (password != null) {
            return new GrafanaLogin(u, password, "--grafana-password");
        }
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new GrafanaLogin(u, fromEnv, "environment " + ENV);
        }
        Path dotEnv = cwd.resolve(".env");
        if (Files.isRegularFile(dotEnv)) {
            try {
                List<String> lines = Files.readAllLines(dotEnv);
                String found = null;
                for (String line : lines) {
                    String l = line.strip();
                    if (l.startsWith(ENV + "=")) {
                        found = l.substring(ENV.length() + 1).strip();
                    }
                }
                if (found != null && !found.isEmpty()) {
                    return new GrafanaLogin(u, found, dotEnv + " " + ENV);
                }
            } catch (IOException e) {
                // An unreadable .env is the same as none: Grafana's default follows.
            }
        }
        return new GrafanaLogin(u, "admin", "Grafana's default (admin)");
    }
}
