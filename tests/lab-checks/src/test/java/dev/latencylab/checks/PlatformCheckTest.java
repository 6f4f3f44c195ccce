package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab on a system without GNU date (a Mac: BSD date prints "3N" for +%3N): it says what to
 * install before doing anything, instead of failing later with a shell error. The stand-in is a
 * date on PATH that answers as BSD's does.
 */
class PlatformCheckTest {

    @Test
    void withoutGnuDateTheLabSaysWhatToInstallAndDoesNothing() throws Exception {
        Path bin = Files.createDirectories(Repo.buildDir().resolve("bsd-date/bin"));
        Path date = bin.resolve("date");
        Files.writeString(date, "#!/bin/sh\necho 3N\n");
        Files.setPosixFilePermissions(date, PosixFilePermissions.fromString("rwxr-xr-x"));

        Tools.Result result = Tools.run(
                Duration.ofSeconds(30),
                Repo.ROOT,
                Map.of(
                        "PATH",
                        bin + ":" + System.getenv("PATH"),
                        "LAB_DIR",
                        bin.resolveSibling("lab").toString()),
                List.of("scripts/lab", "status"));

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output()).startsWith("scripts/lab needs GNU date").contains("brew install coreutils");
        assertThat(bin.resolveSibling("lab")).as("nothing done").doesNotExist();
    }

    @Test
    void withGnuDateAndBash4ItRuns() {
        Tools.Result result = Tools.run(Duration.ofSeconds(30), Repo.ROOT, List.of("scripts/lab", "-h"));

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).startsWith("Usage: scripts/lab");
    }
}
