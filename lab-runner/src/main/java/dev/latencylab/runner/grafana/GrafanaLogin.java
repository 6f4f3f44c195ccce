package dev.latencylab.runner.grafana;

import dev.latencylab.core.control.TokenFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Who creates snapshots in Grafana (basic auth). The password comes from, in order: {@code --grafana-password}
 * or {@code --grafana-password-file} ({@link #fromFile}),
 * the environment's {@value #ENV} (one the user exports, which docker-compose.yml's grafana-init also takes; else
 * scripts/lab sets it to the compose stack's own, read from its running Grafana), else the local Grafana's password
 * file, {@value #FILE} in the lab's folder ({@code $LAB_DIR}, else {@code .lab} of the working directory), which
 * scripts/lab makes on first need and gives the Grafana it starts in local mode. There is no default: a
 * password everybody knows is no password. Without one the request goes without a login, and a Grafana that
 * refuses it is answered with where the password was looked for ({@link #describe()}).
 *
 * @param password null when none was found
 * @param source where the password came from, or where it was looked for (never the password itself)
 */
public record GrafanaLogin(String user, String password, String source) {

    public static final String ENV = "GRAFANA_ADMIN_PASSWORD";
    public static final String FILE = "grafana-admin-password";
    /** How a user reads the compose stack's password (docker-compose.yml's grafana-init writes it there). */
    static final String COMPOSE_READ = "docker compose exec grafana cat /run/lab-grafana/admin-password";

    @Override
    public String toString() {
        return "GrafanaLogin[" + describe() + "]";
    }

    public boolean hasPassword() {
        return password != null;
    }

    /** For messages: the user and where the password came from, or where none was found. */
    public String describe() {
        return hasPassword()
                ? "user " + user + ", password from " + source
                : "user " + user + ", no password: " + source;
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
        String labDir = env.get("LAB_DIR");
        Path file = (labDir == null || labDir.isBlank() ? cwd.resolve(".lab") : cwd.resolve(labDir)).resolve(FILE);
        String fromFile = firstLine(file);
        if (fromFile != null) {
            return new GrafanaLogin(u, fromFile, file.toString());
        }
        return new GrafanaLogin(
                u,
                null,
                "none given with --grafana-password, none in the environment's " + ENV + ", none in " + file
                        + " (scripts/lab up makes it for the Grafana it starts in local mode; the compose stack's: "
                        + COMPOSE_READ + ", which scripts/lab gives the runner)");
    }

    /**
     * The password from the first line of {@code file}, a way to give one that no other user sees: a
     * command line is every user's to read (ps), so the file must be readable by its owner alone.
     *
     * @param given how the user named the file, for messages
     * @throws IllegalArgumentException naming the file when it is missing, a link, empty, or others may read
     *     or write it
     */
    public static GrafanaLogin fromFile(String user, Path file, String given) {
        String u = user == null || user.isBlank() ? "admin" : user;
        String password = TokenFile.secret(file, given);
        if (password.isEmpty()) {
            throw new IllegalArgumentException(given + " " + file + " holds no password (its first line is empty)");
        }
        return new GrafanaLogin(u, password, file.toString());
    }

    /** The file's first line, stripped; null when it is absent, unreadable or empty. */
    private static String firstLine(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            String first = Files.readString(file).lines().findFirst().orElse("").strip();
            return first.isEmpty() ? null : first;
        } catch (IOException e) {
            return null;
        }
    }
}
