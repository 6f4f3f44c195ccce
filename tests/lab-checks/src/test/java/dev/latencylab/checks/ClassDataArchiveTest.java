package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab starts the lab's jars from an unpacked copy with a class data archive (cds.sh): the first start of a
 * build writes it at its exit, the next ones map it. The JVM must really map it (a class path that differs from the
 * one it was written with, or an archive cut short, and it silently would not), the command's output must stay its
 * own, a new build gets a copy of its own and the old one goes, and a jar that cannot be unpacked still starts, as
 * 'java -jar'.
 */
class ClassDataArchiveTest {

    private static final Path RUNNER = Repo.path("lab-runner/target");

    @Test
    void theFirstStartOfABuildWritesTheArchiveTheNextOnesMap() throws IOException {
        Path jar = runnerCopy();

        List<String> first = launch(jar);
        Path dir =
                jar.getParent().resolve("cds").resolve(onlyBuild(jar.getParent().resolve("cds")));
        assertThat(first).first().asString().startsWith("-XX:ArchiveClassesAtExit=" + dir.resolve("classes.jsa."));
        assertThat(first).contains("-cp").last().isEqualTo("dev.latencylab.runner.Main");
        Tools.Result writing = java(first, "-Xshare:auto", "--version");
        assertThat(writing.ok()).as(writing.describe()).isTrue();
        assertThat(writing.output().strip()).as("only the command's own output").startsWith("lab-runner ");
        assertThat(writing.output()).doesNotContain("cds");

        List<String> next = launch(jar);
        assertThat(next).first().isEqualTo("-XX:SharedArchiveFile=" + dir.resolve("classes.jsa"));
        // -Xshare:on: the JVM refuses to start unless it maps the archive with this very class path.
        Tools.Result version = java(next, "-Xshare:on", "--version");
        assertThat(version.ok()).as(version.describe()).isTrue();
        assertThat(java(next, "-Xlog:class+load=info", "--version").output())
                .as("the runner's own classes come from the archive")
                .contains("dev.latencylab.runner.Main source: shared objects file (top)");
        assertThat(launch(jar)).isEqualTo(next);

        // Another first start of the build that stopped after the archive was taken wrote one too.
        Path late = Files.write(dir.resolve("classes.jsa.1-2.part"), new byte[] {1});
        Path young = Files.write(dir.resolve("classes.jsa.3-4.part"), new byte[] {1});
        Files.setLastModifiedTime(late, FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        assertThat(launch(jar)).isEqualTo(next);
        assertThat(late).as("not needed once the archive is taken").doesNotExist();
        assertThat(young).as("a JVM may still be writing it").exists();

        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        assertThat(launch(jar)).first().asString().startsWith("-XX:ArchiveClassesAtExit=");
        assertThat(dir)
                .as("the old build's copy, that no process was started from")
                .doesNotExist();
    }

    @Test
    void anArchiveCutShortIsNotMappedButDeleted() throws IOException {
        Path jar = runnerCopy();
        List<String> first = launch(jar);
        assertThat(java(first, "-Xshare:auto", "--version").ok()).isTrue();
        Path dir =
                jar.getParent().resolve("cds").resolve(onlyBuild(jar.getParent().resolve("cds")));
        Path part;
        try (Stream<Path> parts = Files.list(dir).filter(p -> p.toString().endsWith(".part"))) {
            part = parts.findFirst().orElseThrow();
        }
        // What a JVM killed while it wrote leaves: the first megabyte.
        byte[] whole = Files.readAllBytes(part);
        Files.write(part, java.util.Arrays.copyOf(whole, 1 << 20));
        Files.setLastModifiedTime(part, FileTime.fromMillis(System.currentTimeMillis() - 120_000));

        assertThat(launch(jar)).first().asString().startsWith("-XX:ArchiveClassesAtExit=");
        assertThat(part).doesNotExist();
        assertThat(dir.resolve("classes.jsa")).doesNotExist();
    }

    @Test
    void aJarThatCannotBeUnpackedStartsAsBefore() throws IOException {
        Path target = Files.createDirectories(Repo.buildDir().resolve("cds-broken-" + System.nanoTime()));
        Path jar = Files.writeString(target.resolve("app-exec.jar"), "not a zip");
        Files.writeString(target.resolve("app.jar"), "not a zip either");

        Tools.Result r = LabShell.run(target.resolve(".lab"), Map.of(), "cds_launch " + jar + " 2>/dev/null");
        assertThat(r.ok()).as(r.describe()).isTrue();
        assertThat(r.output().lines()).containsExactly("-jar", jar.toString());
        assertThat(target.resolve("cds"))
                .isDirectoryContaining(p -> p.toString().endsWith(".failed"));

        Tools.Result again = LabShell.run(target.resolve(".lab"), Map.of(), "cds_launch " + jar);
        assertThat(again.output().lines())
                .as("one failure a build: not tried again, nor said again")
                .containsExactly("-jar", jar.toString());
    }

    /** Its folders are written and deleted in, as root under sudo: one that is a link is not followed. */
    @Test
    void aCdsFolderThatIsALinkIsNotWrittenThrough() throws IOException {
        Path target = Files.createDirectories(Repo.buildDir().resolve("cds-link-" + System.nanoTime()));
        Path jar = Files.writeString(target.resolve("app-exec.jar"), "not a zip");
        Files.writeString(target.resolve("app.jar"), "not a zip either");
        Path elsewhere = Files.createDirectories(target.resolve("elsewhere"));
        Files.createDirectories(elsewhere.resolve("a"));
        Files.createSymbolicLink(target.resolve("cds"), elsewhere);

        Tools.Result r = LabShell.run(target.resolve(".lab"), Map.of(), "cds_launch " + jar);

        assertThat(r.ok()).as(r.describe()).isTrue();
        assertThat(r.output()).contains("is a link: not used");
        assertThat(r.output().lines()).endsWith("-jar", jar.toString());
        try (Stream<Path> left = Files.list(elsewhere)) {
            assertThat(left).containsExactly(elsewhere.resolve("a"));
        }
    }

    /** The runner's two jars, as Maven left them, in a target folder of their own. */
    private static Path runnerCopy() throws IOException {
        String version = Files.readString(Repo.path("pom.xml"))
                .replaceFirst("(?s).*?</parent>.*?<version>([^<]+)</version>.*", "$1");
        Path exec = RUNNER.resolve("lab-runner-" + version + "-exec.jar");
        assumeThat(exec).as("the runner built (./mvnw package)").isRegularFile();
        Path target = Files.createDirectories(Repo.buildDir().resolve("cds-" + System.nanoTime() + "/target"));
        Files.copy(RUNNER.resolve("lab-runner-" + version + ".jar"), target.resolve("lab-runner-" + version + ".jar"));
        return Files.copy(exec, target.resolve(exec.getFileName()));
    }

    private static List<String> launch(Path jar) {
        Tools.Result r = LabShell.run(jar.getParent().resolve(".lab"), Map.of(), "cds_launch " + jar + " 2>/dev/null");
        assertThat(r.ok()).as(r.describe()).isTrue();
        return r.output().lines().toList();
    }

    private static String onlyBuild(Path cds) throws IOException {
        try (Stream<Path> builds = Files.list(cds).filter(Files::isDirectory)) {
            List<Path> all = builds.toList();
            assertThat(all).hasSize(1);
            return all.get(0).getFileName().toString();
        }
    }

    private static Tools.Result java(List<String> launch, String option, String argument) {
        List<String> command = new ArrayList<>(List.of("java", option));
        command.addAll(launch);
        command.add(argument);
        return Tools.run(Duration.ofSeconds(60), Repo.ROOT, Map.of(), command);
    }
}
