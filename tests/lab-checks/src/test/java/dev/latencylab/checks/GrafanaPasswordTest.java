package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Grafana's admin password is the stack's own, never the repository's: .env holds none and docker-compose.yml
 * requires none. The compose stack makes it at its first start (the one-shot grafana-init writes it to a volume
 * Grafana reads through GF_SECURITY_ADMIN_PASSWORD__FILE; GrafanaAdminPasswordInitTest runs its script), and
 * scripts/lib reads it from the running Grafana when it needs it, keeping no copy. The local Grafana (local mode)
 * gets one made on first need in .lab/grafana-admin-password (0600), where the runner reads it by itself. One the
 * user exports wins everywhere.
 */
class GrafanaPasswordTest {

    private static final String IN_GRAFANA = "/run/lab-grafana/admin-password";

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
    void theRepositoryHoldsNoPasswordAndTheComposeFileRequiresNone() {
        assertThat(Repo.read(".env").lines()).noneMatch(l -> l.strip().startsWith("GRAFANA_ADMIN_PASSWORD="));
        assertThat(Repo.read("docker-compose.yml")).doesNotContain("GRAFANA_ADMIN_PASSWORD:?");
        JsonNode services = compose().path("services");
        JsonNode grafana = services.path("grafana").path("environment");
        assertThat(grafana.has("GF_SECURITY_ADMIN_PASSWORD")).isFalse();
        assertThat(grafana.path("GF_SECURITY_ADMIN_PASSWORD__FILE").asString()).isEqualTo(IN_GRAFANA);
        // A password the user gives reaches the init; none given is an empty value, not an error.
        assertThat(services.path("grafana-init")
                        .path("environment")
                        .path("GRAFANA_ADMIN_PASSWORD")
                        .asString())
                .isEqualTo("${GRAFANA_ADMIN_PASSWORD:-}");
    }

    @Test
    void grafanaStartsAfterTheInitWroteItsPasswordToAVolumeThatGrafanaReadsOnly() {
        JsonNode compose = compose();
        JsonNode init = compose.path("services").path("grafana-init");
        JsonNode grafana = compose.path("services").path("grafana");

        assertThat(init.path("image").asString())
                .isEqualTo(grafana.path("image").asString());
        assertThat(init.path("restart").asString()).isEqualTo("no");
        assertThat(init.path("entrypoint").toString()).isEqualTo("[\"sh\",\"/opt/lab/admin-password.sh\"]");
        // The script GrafanaAdminPasswordInitTest runs, read-only; the owner is the image's user (USER 472).
        assertThat(init.path("volumes").toString())
                .contains("./observability/grafana/admin-password.sh:/opt/lab/admin-password.sh:ro")
                .contains("grafana-admin-password:/run/lab-grafana\"");
        assertThat(init.path("command").toString()).isEqualTo("[\"/run/lab-grafana\",\"472\"]");
        assertThat(grafana.path("volumes").toString()).contains("grafana-admin-password:/run/lab-grafana:ro");
        assertThat(grafana.path("depends_on")
                        .path("grafana-init")
                        .path("condition")
                        .asString())
                .isEqualTo("service_completed_successfully");
        // Declared, so 'down --volumes' (scripts/lab down --purge) deletes it with the others.
        assertThat(compose.path("volumes").has("grafana-admin-password")).isTrue();
    }

    @Test
    void composeIsGivenNoPasswordAndTheLabMakesNone() throws IOException {
        stub("docker", "exit 1\n");
        stub("docker-compose", "printf 'compose sees %s\\n' \"${GRAFANA_ADMIN_PASSWORD-none}\"\n");

        Tools.Result result = LabShell.run(labDir, path(), "compose config --services");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).isEqualTo("compose sees none\n");
        assertThat(file).doesNotExist();
    }

    @Test
    void onPodmanNeitherGrafanaNorItsInitIsStartedSinceTheirImageCannotBeHadThere() throws IOException {
        // No Docker engine answers: compose runs on the lab's podman, where Grafana's image cannot be had.
        stub("docker", "exit 1\n");
        stub(
                "docker-compose",
                "[[ $* == 'config --services' ]] && printf 'kafka-1\\nprometheus\\ngrafana-init\\ngrafana\\n'\n");

        Tools.Result result = LabShell.run(labDir, path(), "compose_services");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).isEqualTo("kafka-1\nprometheus\n");
    }

    @Test
    void theRunnersSnapshotsAreGivenTheComposeStacksPasswordReadFromItsRunningGrafanaAndNoCopyIsKept()
            throws IOException {
        composeStackWithGrafana("printf 'made-by-the-stack\\n'");
        // A local Grafana's file from before does not stand for the compose stack's.
        Files.createDirectories(labDir);
        Files.writeString(file, "the-local-grafanas\n");

        Tools.Result snapshot = LabShell.run(
                labDir,
                path(),
                "export_grafana_password_for_runner snapshot; printf '%s\\n' \"${GRAFANA_ADMIN_PASSWORD-none}\";"
                        + " env | grep -c '^GRAFANA_ADMIN_PASSWORD=made-by-the-stack$'");
        Tools.Result run = LabShell.run(
                labDir,
                path(),
                "export_grafana_password_for_runner run; printf '%s\\n' \"${GRAFANA_ADMIN_PASSWORD-none}\"");
        Tools.Result validate = LabShell.run(
                labDir,
                path(),
                "export_grafana_password_for_runner validate; printf '%s\\n' \"${GRAFANA_ADMIN_PASSWORD-none}\"");

        assertThat(snapshot.ok()).as(snapshot.describe()).isTrue();
        assertThat(snapshot.output()).isEqualTo("made-by-the-stack\n1\n");
        assertThat(run.output()).isEqualTo("made-by-the-stack\n");
        assertThat(validate.output()).as("a command that makes no snapshot").isEqualTo("none\n");
        assertThat(Files.readString(file)).isEqualTo("the-local-grafanas\n");
        try (var names = Files.list(labDir)) {
            assertThat(names.map(p -> p.getFileName().toString())).containsExactly("grafana-admin-password");
        }
    }

    @Test
    void aComposeGrafanaThatDoesNotGiveItsPasswordStopsASnapshotSayingHowToSeeWhyButNotARun() throws IOException {
        composeStackWithGrafana("echo 'cat: " + IN_GRAFANA + ": No such file or directory' >&2; exit 1");

        Tools.Result snapshot = LabShell.run(labDir, path(), "export_grafana_password_for_runner snapshot");
        // A run's measurements do not need Grafana: it goes on, saying so.
        Tools.Result run = LabShell.run(
                labDir,
                path(),
                "export_grafana_password_for_runner run; printf 'runner sees %s\\n' \"${GRAFANA_ADMIN_PASSWORD-none}\"");

        assertThat(snapshot.ok()).isFalse();
        assertThat(snapshot.output())
                .contains("could not read Grafana's admin password from the compose stack:"
                        + " 'scripts/lab compose exec grafana cat " + IN_GRAFANA + "' says why");
        assertThat(run.ok()).as(run.describe()).isTrue();
        assertThat(run.output())
                .contains("could not read Grafana's admin password from the compose stack")
                .contains("the run goes on; its snapshots reach Grafana without a login")
                .endsWith("runner sees none\n");
    }

    @Test
    void aPasswordTheUserExportsWinsAndNothingIsAskedOrMade() throws IOException {
        Path asked = dir.resolve("docker-asked");
        stub("docker", "echo \"$*\" >>'" + asked + "'; exit 1\n");

        Tools.Result result = LabShell.run(
                labDir,
                path(),
                "export GRAFANA_ADMIN_PASSWORD=my-own; export_grafana_password_for_runner snapshot;"
                        + " printf '%s\\n' \"$GRAFANA_ADMIN_PASSWORD\"");

        assertThat(result.output()).isEqualTo("my-own\n");
        assertThat(asked).doesNotExist();
        assertThat(labDir).doesNotExist();
    }

    @Test
    void withNoComposeGrafanaRunningTheRunnerIsGivenNothingAndNothingIsMadeUp() throws IOException {
        // The runner then reads the local Grafana's file by itself, or says where it looked.
        stub("docker", "exit 1\n");

        Tools.Result result = LabShell.run(
                labDir,
                path(),
                "export_grafana_password_for_runner snapshot; printf '%s\\n' \"${GRAFANA_ADMIN_PASSWORD-none}\"");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).isEqualTo("none\n");
        assertThat(labDir).doesNotExist();
    }

    @Test
    void theLocalGrafanasFirstNeedMakesARandomPasswordOnlyItsUserCanReadAndLaterOnesReuseIt() throws IOException {
        Tools.Result first = LabShell.run(labDir, Map.of(), "local_grafana_admin_password");
        Tools.Result second = LabShell.run(labDir, Map.of(), "local_grafana_admin_password");

        assertThat(first.ok()).as(first.describe()).isTrue();
        String password = first.output().strip();
        assertThat(password).matches("[A-Za-z0-9]{24}");
        assertThat(Files.readString(file)).isEqualTo(password + "\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(second.output().strip()).isEqualTo(password);
        Tools.Result otherStack = LabShell.run(dir.resolve("other/.lab"), Map.of(), "local_grafana_admin_password");
        assertThat(otherStack.output().strip()).as("another stack's").isNotEqualTo(password);
        Path ownLab = dir.resolve("own/.lab");
        Tools.Result own =
                LabShell.run(ownLab, Map.of(), "export GRAFANA_ADMIN_PASSWORD=my-own; local_grafana_admin_password");
        assertThat(own.output()).isEqualTo("my-own\n");
        assertThat(ownLab).doesNotExist();
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

    private static JsonNode compose() {
        return YAMLMapper.builder()
                .build()
                .readTree(Repo.path("docker-compose.yml").toFile());
    }

    /** A Docker engine whose compose project runs Grafana; reading the password there runs {@code exec}. */
    private void composeStackWithGrafana(String exec) throws IOException {
        stub(
                "docker",
                "case \"$*\" in\n"
                        + "  info | 'compose version') exit 0 ;;\n"
                        + "  'compose ps --services --filter status=running') printf 'prometheus\\ngrafana\\n' ;;\n"
                        + "  'compose exec -T grafana cat " + IN_GRAFANA + "') " + exec + " ;;\n"
                        + "  *) echo \"unexpected: docker $*\" >&2; exit 1 ;;\n"
                        + "esac\n");
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
