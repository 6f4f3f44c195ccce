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
 * scripts/lab starts the lab's jars from an unpacked copy with a class data archive (cds.sh), made once per
 * build: the JVM must really map it (a class path that differs from the one it was made with, or an archive
 * half written, and it silently would not), the command's output must stay its own, a new build gets a new
 * archive and the old one goes, and a jar that cannot be unpacked still starts, as 'java -jar'.
 */
class ClassDataArchiveTest {

    private static final Path RUNNER = Repo.path("lab-runner/target");

    @Test
    void theRunnerStartsFromItsArchiveAndANewBuildReplacesIt() throws IOException {
        Path jar = runnerCopy();

        List<String> launch = launch(jar);
        Path dir =
                jar.getParent().resolve("cds").resolve(onlyBuild(jar.getParent().resolve("cds")));
        assertThat(launch).first().isEqualTo("-XX:SharedArchiveFile=" + dir.resolve("classes.jsa"));
        assertThat(launch).contains("-cp").last().isEqualTo("dev.latencylab.runner.Main");

        // -Xshare:on: the JVM refuses to start unless it maps the archive with this very class path.
        Tools.Result version = java(launch, "-Xshare:on", "--version");
        assertThat(version.ok()).as(version.describe()).isTrue();
        assertThat(version.output().strip()).startsWith("lab-runner ").doesNotContain("cds");
        Tools.Result loaded = java(launch, "-Xlog:class+load=info", "--version");
        assertThat(loaded.output())
                .as("the runner's own classes come from the archive")
                .contains("dev.latencylab.runner.Main source: shared objects file (top)");

        assertThat(launch(jar)).as("made once a build").isEqualTo(launch);

        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        List<String> rebuilt = launch(jar);
        assertThat(rebuilt).isNotEqualTo(launch);
        assertThat(java(rebuilt, "-Xshare:on", "--version").ok()).isTrue();
        assertThat(dir).as("the old build's archive, mapped by no process").doesNotExist();
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
