package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab setup (and up --local) without root installs through sudo only when the user says so: asked at a
 * terminal, or LAB_SETUP_SUDO=1 beforehand. A sudo whose password is cached must not install unasked. sudo and
 * apt-get are stand-ins on PATH that record their calls; run as root (CI), the snippet runs as the system's
 * 'nobody', a user without root, and a terminal is util-linux's 'script'.
 */
class SetupSudoTest {

    private static final String INSTALL = "set -euo pipefail; source scripts/lib/common.sh;"
            + " source scripts/lib/setup.sh; install_packages curl prometheus";

    private FakeHost host;

    @BeforeEach
    void fakeSudoAndApt() throws IOException {
        host = new FakeHost("setup-sudo");
        Path dir = host.dir;
        // Written by whoever the snippet runs as.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(dir.resolve("calls"), PosixFilePermissions.fromString("rw-rw-rw-"));
        host.stub("sudo", host.recordCall("sudo"));
        host.stub("apt-get", host.recordCall("apt-get"));
    }

    @Test
    void withoutATerminalOrConsentNothingRunsAndTheCommandIsSaid() throws IOException {
        Tools.Result result = asUser(Map.of(), List.of("bash", "-c", INSTALL));

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output())
                .contains("sudo apt-get update && sudo apt-get install -y --no-install-recommends curl prometheus")
                .contains("LAB_SETUP_SUDO=1");
        assertThat(host.calls()).as("sudo and apt-get calls").isEmpty();
    }

    @Test
    void labSetupSudoSaysYesBeforehand() throws IOException {
        Tools.Result result = asUser(Map.of("LAB_SETUP_SUDO", "1"), List.of("bash", "-c", INSTALL));

        assertThat(result.ok()).as(result.describe()).isTrue();
        // -n: no terminal to type a password at, so sudo fails rather than waits.
        assertThat(host.calls())
                .containsExactly(
                        "sudo -n apt-get update",
                        "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends curl"
                                + " prometheus");
    }

    @Test
    void atATerminalNoMeansNothingIsInstalled() throws IOException {
        Tools.Result result = atTerminal("n");

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).contains("install these with sudo apt-get: curl prometheus? [y/N]");
        assertThat(host.calls()).as("sudo and apt-get calls").isEmpty();
    }

    @Test
    void atATerminalYesInstallsThroughSudo() throws IOException {
        Tools.Result result = atTerminal("y");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(host.calls())
                .containsExactly(
                        "sudo apt-get update",
                        "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends curl"
                                + " prometheus");
    }

    @Test
    void rootInstallsWithoutAskingOrSudo() throws IOException {
        assumeThat(ProcessHandle.current().info().user().orElse(""))
                .as("this check needs root, as CI runs")
                .isEqualTo("root");

        Tools.Result result =
                Tools.run(Duration.ofSeconds(30), Repo.ROOT, path(Map.of()), List.of("bash", "-c", INSTALL));

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(host.calls())
                .containsExactly("apt-get update", "apt-get install -y --no-install-recommends curl prometheus");
    }

    /** The snippet at a terminal (util-linux's script) that answers {@code answer}. */
    private Tools.Result atTerminal(String answer) {
        Map<String, String> env = new HashMap<>(Map.of("SNIPPET", INSTALL, "SHELL", "/bin/bash"));
        return asUser(
                env,
                List.of(
                        "bash",
                        "-c",
                        "printf '%s\\n' '" + answer + "' | script -qec 'bash -c \"$SNIPPET\"' /dev/null"));
    }

    /** {@code command} as a user without root: this one, or 'nobody' when the tests run as root. */
    private Tools.Result asUser(Map<String, String> env, List<String> command) {
        List<String> all = new ArrayList<>();
        if (ProcessHandle.current().info().user().orElse("").equals("root")) {
            all.addAll(List.of("setpriv", "--reuid=" + id("-u"), "--regid=" + id("-g"), "--clear-groups"));
        }
        all.addAll(command);
        return Tools.run(Duration.ofSeconds(30), Repo.ROOT, path(env), all);
    }

    private Map<String, String> path(Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("PATH", host.path());
        return all;
    }

    private static String id(String option) {
        Tools.Result result = Tools.run(Duration.ofSeconds(10), Repo.ROOT, List.of("id", option, "nobody"));
        assertThat(result.ok()).as(result.describe()).isTrue();
        return result.output().strip();
    }
}
