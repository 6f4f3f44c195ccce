package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Grafana's admin password is the stack's own, never the repository's: .env holds none, docker-compose.yml takes
 * it from the environment (and refuses to go without), and scripts/lib makes it on first need in
 * .lab/grafana-admin-password (0600), reuses it, and gives it to compose and to the local Grafana.
 */
class GrafanaPasswordTest {

    private Path dir;
    private Path labDir;
    private Path file;

    @BeforeEach
    void labDir() throws IOException {
        dir = Repo.buildDir().resolve("grafana-password-" + System.nanoTime());
        labDir = dir.resolve(".lab");
        file = labDir.resolve("grafana-admin-password");
        Files.createDirectories(dir.resolve("bin"));
    }

    @Test
    void theRepositoryHoldsNoPasswordAndComposeTakesItFromTheEnvironment() {
        assertThat(Repo.read(".env").lines()).noneMatch(l -> l.strip().startsWith("GRAFANA_ADMIN_PASSWORD="));
        String composeValue = YAMLMapper.builder()
                .build()
                .readTree(Repo.path("docker-compose.yml").toFile())
                .path("services")
                .path("grafana")
                .path("environment")
                .path("GF_SECURITY_ADMIN_PASSWORD")
                .asString();
        assertThat(composeValue).startsWith("${GRAFANA_ADMIN_PASSWORD:?");
    }

    @Test
    void theFirstNeedMakesARandomPasswordOnlyItsUserCanReadAndLaterOnesReuseIt() throws IOException {
        Tools.Result first = LabShell.run(labDir, Map.of(), "grafana_admin_password");
        Tools.Result second = LabShell.run(labDir, Map.of(), "grafana_admin_password");

        assertThat(first.ok()).as(first.describe()).isTrue();
        String password = first.output().strip();
        assertThat(password).matches("[A-Za-z0-9]{24}");
        assertThat(Files.readString(file)).isEqualTo(password + "\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(second.output().strip()).isEqualTo(password);
        Tools.Result otherStack = LabShell.run(dir.resolve("other/.lab"), Map.of(), "grafana_admin_password");
        assertThat(otherStack.output().strip()).as("another stack's").isNotEqualTo(password);
    }

    @Test
    void aPasswordTheUserExportsWinsAndNoFileIsMade() {
        Tools.Result result =
                LabShell.run(labDir, Map.of(), "export GRAFANA_ADMIN_PASSWORD=my-own; grafana_admin_password");

        assertThat(result.output().strip()).isEqualTo("my-own");
        assertThat(file).doesNotExist();
    }

    @Test
    void composeIsGivenTheStacksPassword() throws IOException {
        stub("docker", "exit 1\n");
        stub("docker-compose", "printf 'compose sees %s\\n' \"$GRAFANA_ADMIN_PASSWORD\"\n");

        Tools.Result result = LabShell.run(labDir, path(), "compose config --services");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).isEqualTo("compose sees " + Files.readString(file));
    }

    @Test
    void theLocalGrafanaIsGivenTheStacksPasswordInItsEnvironment() throws IOException {
        Path seen = dir.resolve("seen");
        stub("grafana", "printf '%s\\n' \"$GF_SECURITY_ADMIN_PASSWORD\" >'" + seen + "'; sleep 30 & wait\n");

        Tools.Result result = LabShell.run(
                labDir,
                path(),
                "port_open() { return 1; }; start_grafana;"
                        + " for _ in $(seq 50); do [[ -s '" + seen + "' ]] && break; sleep 0.1; done;"
                        + " stop_procs 5 grafana");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readString(seen)).isEqualTo(Files.readString(file));
        // A script (no exec): it keeps the command the lab recorded, so the lab knows it for its own.
        assertThat(result.output()).contains("stopped grafana");
    }

    @Test
    void aLocalGrafanaDatabaseFromBeforeIsMovedAsideOnceSinceItKeepsTheOldPassword() throws IOException {
        Files.createDirectories(labDir.resolve("grafana/data"));
        Files.writeString(labDir.resolve("grafana/data/grafana.db"), "made with the password .env held");

        Tools.Result first = LabShell.run(labDir, Map.of(), "local_grafana_password >/dev/null");
        Files.createDirectories(labDir.resolve("grafana/data"));
        Files.writeString(labDir.resolve("grafana/data/grafana.db"), "made with the generated password");
        Tools.Result second = LabShell.run(labDir, Map.of(), "local_grafana_password >/dev/null");

        assertThat(first.ok()).as(first.describe()).isTrue();
        assertThat(first.output()).contains("grafana: its database was made with the admin password .env used to hold");
        try (var entries = Files.list(labDir.resolve("grafana"))) {
            assertThat(entries.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("data.before-"))
                    .contains("data");
        }
        assertThat(second.output()).isEmpty();
        assertThat(Files.readString(labDir.resolve("grafana/data/grafana.db")))
                .isEqualTo("made with the generated password");
    }

    private Map<String, String> path() {
        return Map.of("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
    }

    private void stub(String name, String body) throws IOException {
        Path stub = dir.resolve("bin").resolve(name);
        Files.writeString(stub, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
