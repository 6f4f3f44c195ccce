package dev.latencylab.runner.grafana;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the runner finds Grafana's admin password: the option, the environment, the lab's file; no default. */
class GrafanaLoginTest {

    @TempDir
    Path cwd;

    @Test
    void aPasswordFileIsReadOnlyWhenItIsTheOwnersAloneAPlainFileAndNotEmpty() throws IOException {
        Path file = Files.writeString(cwd.resolve("pw"), "s3cret\nignored\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertThat(GrafanaLogin.fromFile(null, file, "--grafana-password-file").password())
                .isEqualTo("s3cret");

        Path link = Files.createSymbolicLink(cwd.resolve("link"), file);
        assertThatThrownBy(() -> GrafanaLogin.fromFile(null, link, "--grafana-password-file"))
                .hasMessageContaining("(or a link: name the file itself)");
        Path empty = Files.writeString(cwd.resolve("empty"), "\n");
        Files.setPosixFilePermissions(empty, PosixFilePermissions.fromString("rw-------"));
        assertThatThrownBy(() -> GrafanaLogin.fromFile(null, empty, "--grafana-password-file"))
                .hasMessageContaining("holds no password (its first line is empty)");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw----"));
        assertThatThrownBy(() -> GrafanaLogin.fromFile(null, file, "--grafana-password-file"))
                .hasMessageContaining("may be read or written by others (rw-rw----)");
    }

    @Test
    void theOptionWinsOverTheEnvironmentAndTheFile() throws IOException {
        labFile(cwd.resolve(".lab"), "from-file");

        GrafanaLogin login = GrafanaLogin.resolve(null, "from-option", Map.of(GrafanaLogin.ENV, "from-env"), cwd);

        assertThat(login.user()).isEqualTo("admin");
        assertThat(login.password()).isEqualTo("from-option");
        assertThat(login.source()).isEqualTo("--grafana-password");
    }

    @Test
    void theEnvironmentWinsOverTheFile() throws IOException {
        labFile(cwd.resolve(".lab"), "from-file");

        GrafanaLogin login = GrafanaLogin.resolve("viewer", null, Map.of(GrafanaLogin.ENV, "from-env"), cwd);

        assertThat(login.password()).isEqualTo("from-env");
        assertThat(login.describe()).isEqualTo("user viewer, password from environment GRAFANA_ADMIN_PASSWORD");
    }

    @Test
    void theLabsFileIsReadFromDotLabOrFromLabDir() throws IOException {
        labFile(cwd.resolve(".lab"), "generated-here");
        Path elsewhere = Files.createDirectories(cwd.resolve("other-lab"));
        labFile(elsewhere, "generated-elsewhere");

        GrafanaLogin here = GrafanaLogin.resolve(null, null, Map.of(), cwd);
        GrafanaLogin there = GrafanaLogin.resolve(null, null, Map.of("LAB_DIR", elsewhere.toString()), cwd);

        assertThat(here.password()).isEqualTo("generated-here");
        assertThat(here.source())
                .isEqualTo(cwd.resolve(".lab/grafana-admin-password").toString());
        assertThat(there.password()).isEqualTo("generated-elsewhere");
    }

    @Test
    void withNoneThereIsNoPasswordAndNoDefaultAndTheMessageSaysWhereItWasLookedFor() throws IOException {
        // A .env with the variable, as the repository's used to hold one, is not a source.
        Files.writeString(cwd.resolve(".env"), "GRAFANA_ADMIN_PASSWORD=from-dotenv\n");
        Files.createDirectories(cwd.resolve(".lab"));
        Files.writeString(cwd.resolve(".lab/grafana-admin-password"), "\n");

        GrafanaLogin login = GrafanaLogin.resolve(null, null, Map.of(GrafanaLogin.ENV, " "), cwd);

        assertThat(login.hasPassword()).isFalse();
        assertThat(login.password()).isNull();
        assertThat(login.describe())
                .isEqualTo("user admin, no password: none given with --grafana-password, none in the environment's"
                        + " GRAFANA_ADMIN_PASSWORD, none in " + cwd.resolve(".lab/grafana-admin-password")
                        + " (scripts/lab up makes it for the Grafana it starts in local mode; the compose stack's:"
                        + " docker compose exec grafana cat /run/lab-grafana/admin-password, which scripts/lab gives"
                        + " the runner)");
    }

    private static void labFile(Path labDir, String password) throws IOException {
        Files.createDirectories(labDir);
        Files.writeString(labDir.resolve(GrafanaLogin.FILE), password + "\n");
    }
}
