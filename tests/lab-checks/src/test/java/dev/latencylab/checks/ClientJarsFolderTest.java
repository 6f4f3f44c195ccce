package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * 'up --bootstrap ... --client-jars DIR': a folder of .jar files is remembered by its absolute path and starts
 * the apps and the runner through Spring Boot's PropertiesLauncher with it as loader.path; a missing folder,
 * or one without jars, is refused by name before anything is recorded.
 */
class ClientJarsFolderTest {

    private static final String LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";

    @Test
    void aFolderOfJarsPutsThemOnTheClassPathOfEveryBootJarTheLabStarts() throws IOException {
        Path labDir = Files.createDirectories(Repo.buildDir().resolve("client-jars-" + System.nanoTime()));
        Path jars = Files.createDirectories(labDir.resolve("jars"));
        Files.write(jars.resolve("aws-msk-iam-auth.jar"), new byte[] {'P', 'K'});

        Tools.Result without = LabShell.run(labDir, Map.of(), "boot_launch app.jar");
        Tools.Result taken = LabShell.run(
                labDir, Map.of(), "use_existing_cluster broker:9092 '' '' '' " + jars + " && boot_launch app.jar");

        assertThat(without.ok()).as(without.describe()).isTrue();
        assertThat(without.output().lines()).containsExactly("-jar", "app.jar");
        assertThat(taken.ok()).as(taken.describe()).isTrue();
        assertThat(taken.output().lines())
                .containsExactly("-Dloader.path=" + jars.toRealPath(), "-cp", "app.jar", LAUNCHER);
    }

    @Test
    void aMissingFolderOrOneWithoutJarsIsRefusedByName() throws IOException {
        Path labDir = Files.createDirectories(Repo.buildDir().resolve("client-jars-" + System.nanoTime()));
        Path empty = Files.createDirectories(labDir.resolve("empty"));
        Files.writeString(empty.resolve("README.txt"), "no jar here");

        Tools.Result missing = LabShell.run(
                labDir, Map.of(), "use_existing_cluster broker:9092 '' '' '' " + labDir.resolve("nowhere"));
        Tools.Result noJars = LabShell.run(labDir, Map.of(), "use_existing_cluster broker:9092 '' '' '' " + empty);

        assertThat(missing.ok()).isFalse();
        assertThat(missing.output()).contains("--client-jars: no folder '" + labDir.resolve("nowhere") + "'");
        assertThat(noJars.ok()).isFalse();
        assertThat(noJars.output()).contains("--client-jars: no .jar file in '" + empty + "'");
        assertThat(labDir.resolve("bootstrap")).doesNotExist();
        assertThat(labDir.resolve("client-jars")).doesNotExist();
    }
}
