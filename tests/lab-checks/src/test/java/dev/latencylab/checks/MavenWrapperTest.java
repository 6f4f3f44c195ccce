package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ./mvnw's first run: the pinned Maven is fetched by the Maven on PATH, and unpacked and run only when its zip has
 * the sha256 of .mvn/wrapper/maven-wrapper.properties. The Maven on PATH is a stand-in that records its arguments
 * and 'downloads' a zip of the test's choosing; MAVEN_USER_HOME and TMPDIR are the test's own, so ~/.m2 is only
 * read (the genuine zip, when it is there), never written.
 */
class MavenWrapperTest {

    private static final String VERSION = "3.9.9";
    private static final Path CACHED_ZIP = Path.of(
            System.getProperty("user.home"),
            ".m2/repository/org/apache/maven/apache-maven",
            VERSION,
            "apache-maven-" + VERSION + "-bin.zip");

    private Path dir;

    @BeforeEach
    void fakeHome() throws IOException {
        dir = Repo.buildDir().resolve("mvnw-" + System.nanoTime());
        Files.createDirectories(dir.resolve("bin"));
        Files.createDirectories(dir.resolve("maven-home"));
        Files.createDirectories(dir.resolve("tmp"));
    }

    @Test
    void aZipWithAnotherChecksumIsRefusedAndNothingOfItIsKeptOrRun() throws IOException {
        // A well-formed Maven zip whose mvn is not Maven's: only the checksum tells it apart.
        Path tampered = dir.resolve("served.zip");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(tampered))) {
            zip.putNextEntry(new ZipEntry("apache-maven-" + VERSION + "/bin/mvn"));
            zip.write("#!/bin/sh\necho 'not the pinned Maven ran'\n".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        fakeMaven(tampered);

        Tools.Result result = mvnw();

        assertThat(result.ok()).as(result.describe()).isFalse();
        assertThat(result.output())
                .contains("mvnw: apache-maven-" + VERSION + "-bin.zip does not have the sha256 in"
                        + " .mvn/wrapper/maven-wrapper.properties: refusing to unpack it")
                .doesNotContain("not the pinned Maven ran");
        assertThat(Files.readString(dir.resolve("calls")))
                .as("the fetch runs with strict checksums")
                .contains(" -C ");
        assertThat(entries(dir.resolve("maven-home")))
                .as("MAVEN_USER_HOME after the refusal")
                .isEmpty();
        assertThat(entries(dir.resolve("tmp")))
                .as("the download's temporary folder")
                .isEmpty();
    }

    @Test
    void theGenuineZipHasThePinnedChecksumAndRuns() throws IOException {
        assumeTrue(Files.isRegularFile(CACHED_ZIP), "no " + CACHED_ZIP + " in the local repository to check against");
        fakeMaven(CACHED_ZIP);

        Tools.Result result = mvnw();

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).contains("Apache Maven " + VERSION);
        assertThat(dir.resolve("maven-home/wrapper/dists/apache-maven-" + VERSION + "/bin/mvn"))
                .isExecutable();
    }

    /** An mvn on PATH that records its arguments and puts {@code served} where dependency:copy would. */
    private void fakeMaven(Path served) throws IOException {
        Path mvn = dir.resolve("bin/mvn");
        Files.writeString(
                mvn,
                "#!/usr/bin/env bash\n"
                        + "printf '%s \\n' \"$*\" >>'" + dir.resolve("calls") + "'\n"
                        + "for arg in \"$@\"; do\n"
                        + "  case $arg in -DoutputDirectory=*) out=${arg#-DoutputDirectory=} ;; esac\n"
                        + "done\n"
                        + "cp '" + served + "' \"$out/apache-maven-" + VERSION + "-bin.zip\"\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Tools.Result mvnw() {
        return Tools.run(
                Duration.ofMinutes(2),
                dir,
                Map.of(
                        "PATH", dir.resolve("bin") + ":" + System.getenv("PATH"),
                        "MAVEN_USER_HOME", dir.resolve("maven-home").toString(),
                        "TMPDIR", dir.resolve("tmp").toString()),
                List.of(Repo.path("mvnw").toString(), "--version"));
    }

    private static List<Path> entries(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.toList();
        }
    }
}
