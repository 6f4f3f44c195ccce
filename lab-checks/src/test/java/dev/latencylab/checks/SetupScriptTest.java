package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab setup on a host with systemd: Debian's prometheus package enables and starts prometheus.service on
 * 0.0.0.0:9090, the lab's port and beyond 127.0.0.1, so setup must leave it disabled and stopped. No systemd runs
 * here: systemctl is a stand-in on PATH that records its calls and answers as a host whose service is enabled (or
 * not installed) would.
 */
class SetupScriptTest {

    @Test
    void setupDisablesAndStopsTheSystemPrometheusWhereSystemdRunsIt() throws IOException {
        Path dir = host("enabled", 0);

        Tools.Result result = stopSystemPrometheus(dir);

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readAllLines(dir.resolve("calls")))
                .as("systemctl calls")
                .contains("disable --now prometheus");
        assertThat(result.output()).contains("disabled and stopped prometheus.service");
    }

    @Test
    void setupLeavesSystemdAloneWhenNoPrometheusServiceIsThere() throws IOException {
        Path dir = host("absent", 1);

        Tools.Result result = stopSystemPrometheus(dir);

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readAllLines(dir.resolve("calls")))
                .as("systemctl calls")
                .noneMatch(c -> c.startsWith("disable"));
    }

    /** A fake host: a systemd run folder and a systemctl whose is-enabled/is-active answer {@code status}. */
    private static Path host(String name, int status) throws IOException {
        Path dir = Files.createDirectories(Repo.buildDir().resolve("setup-" + name));
        Files.createDirectories(dir.resolve("run-systemd"));
        Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("calls"), "");
        Path systemctl = dir.resolve("bin/systemctl");
        Files.writeString(
                systemctl,
                "#!/usr/bin/env bash\n"
                        + "printf '%s\\n' \"$*\" >> '" + dir.resolve("calls") + "'\n"
                        + "case $1 in is-enabled | is-active) exit " + status + " ;; esac\n"
                        + "exit 0\n");
        Files.setPosixFilePermissions(systemctl, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    private static Tools.Result stopSystemPrometheus(Path dir) {
        String script = "set -euo pipefail; source scripts/lib/common.sh; source scripts/lib/setup.sh;"
                + " stop_system_prometheus";
        return Tools.run(
                Duration.ofSeconds(30),
                Repo.ROOT,
                Map.of(
                        "PATH",
                        dir.resolve("bin") + ":" + System.getenv("PATH"),
                        "SYSTEMD_RUN_DIR",
                        dir.resolve("run-systemd").toString()),
                List.of("bash", "-c", script));
    }
}
