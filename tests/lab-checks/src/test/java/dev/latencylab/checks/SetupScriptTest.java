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
 * 0.0.0.0:9090, the lab's port and beyond 127.0.0.1. The service is the host's: the lab stops it only when told
 * to, and otherwise stops with the command to run. No systemd runs here: systemctl is a stand-in on PATH that
 * records its calls and answers as a host whose service is enabled (or not installed) would. And 'up --local'
 * installs what the local stack needs, not the whole setup list.
 */
class SetupScriptTest {

    @Test
    void setupRefusesToTouchTheSystemPrometheusUnlessTold() throws IOException {
        Path dir = host("enabled-untold", 0);

        Tools.Result result = stopSystemPrometheus(dir, Map.of());

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output())
                .contains("systemctl disable --now prometheus")
                .contains("LAB_STOP_SYSTEM_PROMETHEUS=1");
        assertThat(Files.readAllLines(dir.resolve("calls")))
                .as("systemctl calls")
                .noneMatch(c -> c.startsWith("disable"));
    }

    @Test
    void setupDisablesAndStopsTheSystemPrometheusWhenTold() throws IOException {
        Path dir = host("enabled", 0);

        Tools.Result result = stopSystemPrometheus(dir, Map.of("LAB_STOP_SYSTEM_PROMETHEUS", "1"));

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readAllLines(dir.resolve("calls")))
                .as("systemctl calls")
                .contains("disable --now prometheus");
        assertThat(result.output()).contains("disabled and stopped prometheus.service");
    }

    @Test
    void setupLeavesSystemdAloneWhenNoPrometheusServiceIsThere() throws IOException {
        Path dir = host("absent", 1);

        Tools.Result result = stopSystemPrometheus(dir, Map.of());

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

    /** On a host where nothing is installed, local mode asks for a JDK, curl and Prometheus: not podman and the rest. */
    @Test
    void localModeInstallsOnlyWhatTheLocalStackNeeds() throws IOException {
        Path bin = Files.createDirectories(Repo.buildDir().resolve("setup-bare/bin"));
        // The few commands the functions themselves use; none of the listed tools.
        for (String tool : List.of("sed", "head", "cat")) {
            Path link = bin.resolve(tool);
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, Tools.require(tool, "coreutils"));
        }
        String script = "source scripts/lib/common.sh; source scripts/lib/setup.sh;"
                + " echo all: $(missing_packages); echo local: $(missing_packages \"${LOCAL_COMMANDS[@]}\")";

        Tools.Result result = Tools.run(
                Duration.ofSeconds(30), Repo.ROOT, Map.of("PATH", bin.toString()), List.of("/bin/bash", "-c", script));

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).contains("all: openjdk-17-jdk-headless curl prometheus shellcheck");
        assertThat(result.output()).contains("local: openjdk-17-jdk-headless curl prometheus\n");
    }

    /**
     * A machine with a JDK and apt but no Maven: the wrapper needs some Maven once to fetch its own,
     * so the local stack's set-up installs Debian's until the wrapper's is cached, and not after.
     */
    @Test
    void localModeInstallsAMavenOnlyWhileTheWrappersOwnIsNotCached() throws IOException {
        Path bin = Files.createDirectories(Repo.buildDir().resolve("setup-nomaven/bin"));
        for (String tool : List.of("sed", "head", "cat", "tr", "dirname")) {
            Path link = bin.resolve(tool);
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, Tools.require(tool, "coreutils"));
        }
        Path empty = Files.createDirectories(Repo.buildDir().resolve("setup-nomaven/m2-empty"));
        Path cached = Repo.buildDir().resolve("setup-nomaven/m2-cached");
        String version = Files.readAllLines(Repo.ROOT.resolve(".mvn/wrapper/maven-wrapper.properties")).stream()
                .filter(l -> l.startsWith("mavenVersion="))
                .map(l -> l.substring("mavenVersion=".length()).trim())
                .findFirst()
                .orElseThrow();
        Path mvn = Files.createDirectories(cached.resolve("wrapper/dists/apache-maven-" + version + "/bin"))
                .resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        String script = "source scripts/lib/common.sh; source scripts/lib/setup.sh;"
                + " mapfile -t c < <(local_commands); echo local: $(missing_packages \"${c[@]}\")";

        Tools.Result bare = Tools.run(
                Duration.ofSeconds(30),
                Repo.ROOT,
                Map.of("PATH", bin.toString(), "MAVEN_USER_HOME", empty.toString()),
                List.of("/bin/bash", "-c", script));
        Tools.Result withWrapperMaven = Tools.run(
                Duration.ofSeconds(30),
                Repo.ROOT,
                Map.of("PATH", bin.toString(), "MAVEN_USER_HOME", cached.toString()),
                List.of("/bin/bash", "-c", script));

        assertThat(bare.ok()).as(bare.describe()).isTrue();
        assertThat(bare.output()).contains("local: openjdk-17-jdk-headless curl prometheus maven\n");
        assertThat(withWrapperMaven.ok()).as(withWrapperMaven.describe()).isTrue();
        assertThat(withWrapperMaven.output()).contains("local: openjdk-17-jdk-headless curl prometheus\n");

        // Any build asks for it first (the runner is built before 'up' installs the stack's packages), and
        // stops there when it cannot be had, before the wrapper runs.
        String build = "source scripts/lib/common.sh; source scripts/lib/setup.sh;"
                + " install_packages() { echo \"would install: $*\"; return 1; }; mvnw -v; echo \"build: $?\"";
        Tools.Result bareBuild = Tools.run(
                Duration.ofSeconds(30),
                Repo.ROOT,
                Map.of("PATH", bin.toString(), "MAVEN_USER_HOME", empty.toString()),
                List.of("/bin/bash", "-c", build));
        assertThat(bareBuild.output())
                .as(bareBuild.describe())
                .contains("lab: building needs: maven")
                .contains("would install: maven")
                .contains("build: 1")
                .doesNotContain("mvnw:");
    }

    /**
     * Two commands that both find a jar older than its sources build one after the other: the second says that it
     * waits, then builds (a lock on the checkout's folder, held here by a flock of the test's own).
     */
    @Test
    void aBuildWaitsForAnotherBuildOfTheCheckout() {
        Tools.Result result = LabShell.run(
                Repo.buildDir().resolve("build-lock/.lab"),
                Map.of(),
                "flock \"$ROOT\" sleep 3 & holder=$!;"
                        + " until ! flock -n \"$ROOT\" true; do sleep 0.05; done;"
                        + " mvnw -v | grep '^lab:'; echo \"built: ${PIPESTATUS[0]}\"; wait \"$holder\"");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output())
                .contains("lab: waiting for another build of this checkout to end")
                .contains("built: 0");
    }

    /**
     * A machine whose Docker engine answers: compose runs on it, so setup leaves podman's toolchain out (podman,
     * runc, debootstrap, podman's DNS plugin) and says so; docker-compose stays while Docker has no compose plugin.
     */
    @Test
    void withADockerEngineSetupLeavesPodmansToolchainOutAndSaysWhy() throws IOException {
        Tools.Result result = setupWants("docker-engine", "[[ $1 == info ]]");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output())
                .contains("a Docker engine answers 'docker info'")
                .contains("podman's packages (for compose mode without Docker: podman runc debootstrap");
        assertThat(wanted(result)).contains("docker-compose", "curl").doesNotContain("podman", "runc", "debootstrap");
    }

    /** And with its compose plugin, no docker-compose either. */
    @Test
    void withADockerEngineAndItsComposePluginSetupLeavesDockerComposeOut() throws IOException {
        Tools.Result result = setupWants("docker-plugin", "[[ $1 == info || $1 == compose ]]");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(wanted(result)).contains("curl").doesNotContain("docker-compose", "podman");
    }

    /** CI's case: a docker client and no engine. Compose mode runs on podman there, which setup installs. */
    @Test
    void withADockerClientAndNoEngineSetupInstallsPodmansToolchain() throws IOException {
        Tools.Result result = setupWants("docker-client", "exit 1");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).doesNotContain("a Docker engine answers");
        assertThat(wanted(result)).contains("podman", "runc", "debootstrap", "docker-compose", "curl", "golang-go");
    }

    /**
     * The packages lab_setup would install on a machine that has none of the listed tools and a 'docker' that
     * runs {@code docker} (a bash line): install_packages, which the consent test covers, only says them (and no
     * helm is built).
     */
    private static Tools.Result setupWants(String name, String docker) throws IOException {
        Path bin = Files.createDirectories(Repo.buildDir().resolve("setup-" + name + "/bin"));
        // The few commands the libraries themselves use; none of the listed tools.
        for (String tool : List.of("bash", "sed", "head", "cat", "grep", "dirname", "tr", "awk", "cut", "env")) {
            Path link = bin.resolve(tool);
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, Tools.require(tool, "coreutils"));
        }
        Path fake = bin.resolve("docker");
        Files.writeString(fake, "#!/bin/bash\n" + docker + "\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        return LabShell.run(
                Repo.buildDir().resolve("setup-" + name + "/lab"),
                Map.of("PATH", bin.toString()),
                "install_packages() { echo \"would install: $*\"; }; stop_system_prometheus() { :; };"
                        + " install_helm() { :; }; project_jars_missing() { return 1; }; lab_setup");
    }

    private static List<String> wanted(Tools.Result result) {
        return result.output()
                .lines()
                .filter(l -> l.startsWith("would install: "))
                .flatMap(l -> List.of(l.substring("would install: ".length()).split(" ")).stream())
                .toList();
    }

    private static Tools.Result stopSystemPrometheus(Path dir, Map<String, String> env) {
        String script = "set -euo pipefail; source scripts/lib/common.sh; source scripts/lib/setup.sh;"
                + " stop_system_prometheus";
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        all.put("SYSTEMD_RUN_DIR", dir.resolve("run-systemd").toString());
        return Tools.run(Duration.ofSeconds(30), Repo.ROOT, all, List.of("bash", "-c", script));
    }
}
