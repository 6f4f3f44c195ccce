package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

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
 * observability/grafana/admin-password.sh, the script docker-compose.yml's one-shot grafana-init runs (mounted
 * read-only) to make Grafana's admin password at the stack's first start, run here with sh against a folder of
 * the test's in place of the volume: a random password only its owner may read, a password there already never
 * overwritten, the user's own written when given, and a link in its place refused.
 */
class GrafanaAdminPasswordInitTest {

    private static final Path SCRIPT = Repo.path("observability/grafana/admin-password.sh");
    private static final String READ_IT = "docker compose exec grafana cat /run/lab-grafana/admin-password";

    private Path volume;
    private Path file;
    /** Grafana's user in the official image when the test can give files away (root), else the test's own. */
    private String owner;

    @BeforeEach
    void volume() throws IOException {
        Path dir = Repo.buildDir().resolve("grafana-init-" + System.nanoTime());
        Files.createDirectories(dir);
        volume = dir.resolve("run-lab-grafana");
        file = volume.resolve("admin-password");
        String uid = Tools.run(Duration.ofSeconds(10), dir, List.of("id", "-u"))
                .output()
                .strip();
        owner = uid.equals("0") ? "472" : uid;
    }

    @Test
    void theFirstStartMakesARandomPasswordThatOnlyGrafanasUserMayReadAndSaysHowToReadIt() throws IOException {
        Tools.Result result = init(Map.of());

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readString(file)).matches("[A-Za-z0-9]{32}\n");
        assertThat(mode(file)).isEqualTo("rw-------");
        assertThat(mode(volume)).isEqualTo("rwx------");
        assertThat(Files.getAttribute(file, "unix:uid").toString()).isEqualTo(owner);
        assertThat(Files.getAttribute(volume, "unix:uid").toString()).isEqualTo(owner);
        assertThat(result.output())
                .contains("made Grafana's admin password (user admin) in " + file)
                .contains("read it with: " + READ_IT)
                .doesNotContain(Files.readString(file).strip());
    }

    @Test
    void aPasswordThereAlreadyIsKeptNeverOverwritten() throws IOException {
        Tools.Result first = init(Map.of());
        String made = Files.readString(file);
        Tools.Result again = init(Map.of());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        Tools.Result third = init(Map.of());

        assertThat(first.ok()).as(first.describe()).isTrue();
        assertThat(again.ok()).as(again.describe()).isTrue();
        assertThat(third.ok()).as(third.describe()).isTrue();
        assertThat(Files.readString(file)).isEqualTo(made);
        assertThat(again.output()).contains("the one made at the first start, in " + file);
        assertThat(mode(file)).as("made its owner's alone again").isEqualTo("rw-------");
        Path otherVolume = volume.resolveSibling("other");
        init(Map.of(), otherVolume);
        assertThat(Files.readString(otherVolume.resolve("admin-password")))
                .as("another stack's")
                .isNotEqualTo(made);
    }

    @Test
    void anEmptyFileHoldsNoPasswordAndIsReplaced() throws IOException {
        Files.createDirectories(volume);
        Files.writeString(file, "");

        Tools.Result result = init(Map.of());

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readString(file)).matches("[A-Za-z0-9]{32}\n");
    }

    @Test
    void aPasswordTheUserGivesIsWrittenOnlyItsOwnerMayRead() throws IOException {
        init(Map.of());

        Tools.Result result = init(Map.of("GRAFANA_ADMIN_PASSWORD", "my own one"));

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(Files.readString(file)).isEqualTo("my own one\n");
        assertThat(mode(file)).isEqualTo("rw-------");
        assertThat(result.output()).contains("the GRAFANA_ADMIN_PASSWORD you gave");
        try (var names = Files.list(volume)) {
            assertThat(names.map(p -> p.getFileName().toString())).containsExactly("admin-password");
        }
    }

    @Test
    void aLinkInThePasswordsPlaceIsRefusedAndWhereItLeadsIsLeftAlone() throws IOException {
        Files.createDirectories(volume);
        Path elsewhere = volume.resolveSibling("elsewhere");
        Files.writeString(elsewhere, "not Grafana's\n");
        Files.createSymbolicLink(file, elsewhere);

        Tools.Result made = init(Map.of());
        Tools.Result given = init(Map.of("GRAFANA_ADMIN_PASSWORD", "given"));

        assertThat(made.ok()).isFalse();
        assertThat(made.output()).contains(file + " is a link: refused");
        assertThat(given.ok()).isFalse();
        assertThat(Files.readString(elsewhere)).isEqualTo("not Grafana's\n");
    }

    private Tools.Result init(Map<String, String> env) {
        return init(env, volume);
    }

    private Tools.Result init(Map<String, String> env, Path folder) {
        Map<String, String> all = new HashMap<>(env);
        List<String> command = new ArrayList<>(List.of("env", "-u", "GRAFANA_ADMIN_PASSWORD"));
        all.forEach((k, v) -> command.add(k + "=" + v));
        // sh, as in Grafana's image (which has no bash).
        command.addAll(List.of("sh", SCRIPT.toString(), folder.toString(), owner));
        return Tools.run(Duration.ofSeconds(30), Repo.ROOT, command);
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
