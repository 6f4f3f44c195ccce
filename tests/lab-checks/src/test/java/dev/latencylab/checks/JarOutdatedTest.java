package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab builds an app's or the runner's jar again when it is older than a pom or a main source of
 * the modules it is built from: after a pull or an edit, a comparison ran yesterday's runner while its
 * apps were today's (the jars were built only when missing).
 */
class JarOutdatedTest {

    private static final Instant BUILT = Instant.parse("2026-12-02T07:20:00Z");

    @Test
    void aJarIsBuiltAgainWhenMissingOrOlderThanAMainSourceOrPomOfItsModulesOnly() throws IOException {
        Path root = Files.createDirectories(Repo.buildDir().resolve("jar-outdated-" + System.nanoTime()));
        Path jar = write(root.resolve("app/target/app-exec.jar"), BUILT);
        write(root.resolve("pom.xml"), BUILT.minusSeconds(60));
        write(root.resolve("app/pom.xml"), BUILT.minusSeconds(60));
        write(root.resolve("lib/pom.xml"), BUILT.minusSeconds(60));
        Path source = write(root.resolve("lib/src/main/java/Lib.java"), BUILT.minusSeconds(60));

        assertThat(outdated(root, jar)).as("built after every source").isFalse();

        // What is not built into it: a test, a document, a module it is not built from.
        write(root.resolve("lib/src/test/java/LibTest.java"), BUILT.plusSeconds(60));
        write(root.resolve("docs/apps.md"), BUILT.plusSeconds(60));
        write(root.resolve("other/src/main/java/Other.java"), BUILT.plusSeconds(60));
        assertThat(outdated(root, jar)).isFalse();

        Files.setLastModifiedTime(source, FileTime.from(BUILT.plusSeconds(60)));
        assertThat(outdated(root, jar))
                .as("a source of a module it is built from, edited since")
                .isTrue();

        Files.setLastModifiedTime(source, FileTime.from(BUILT.minusSeconds(60)));
        write(root.resolve("pom.xml"), BUILT.plusSeconds(1));
        assertThat(outdated(root, jar))
                .as("the parent pom, where the versions are")
                .isTrue();

        Files.delete(root.resolve("pom.xml"));
        Files.delete(jar);
        assertThat(outdated(root, jar)).as("missing").isTrue();
    }

    private static boolean outdated(Path root, Path jar) {
        Tools.Result r = LabShell.run(
                root.resolve(".lab"),
                Map.of(),
                "ROOT=" + root + "; if jar_outdated " + jar + " lib app; then echo outdated; else echo current; fi");
        assertThat(r.ok()).as(r.describe()).isTrue();
        return r.output().strip().equals("outdated");
    }

    private static Path write(Path file, Instant modified) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "x");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }
}
