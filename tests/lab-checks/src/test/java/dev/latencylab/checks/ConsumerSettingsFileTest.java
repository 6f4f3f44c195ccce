package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The consumer-app instances' settings files (scripts/lib/local-stack.sh): each instance is told where its
 * own is, 'up' starts a new instance from the defaults but leaves a running one's file alone, 'consumer
 * restart' keeps it, 'down' forgets them all. No app runs: a running instance is a sleep with a pid file,
 * and the start of a process is a stand-in that prints its command line.
 */
class ConsumerSettingsFileTest {

    private Path labDir;
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void labDir() throws IOException {
        labDir = Repo.buildDir().resolve("consumer-settings-" + System.nanoTime());
        Files.createDirectories(labDir.resolve("pids"));
        settings("consumer-app");
        settings("consumer-app-2");
    }

    @AfterEach
    void stopSleeps() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void upStartsANewInstanceFromTheDefaultsAndLeavesARunningOnesSettings() throws Exception {
        running("consumer-app");

        Tools.Result result = lab("start_consumers 2");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output())
                .contains("consumer-app already running")
                .contains("start_proc consumer-app-2 ")
                .contains("--lab.consumer.settings-file=" + labDir.resolve("consumer-app-2.settings.json"));
        assertThat(labDir.resolve("consumer-app.settings.json")).exists();
        assertThat(labDir.resolve("consumer-app-2.settings.json")).doesNotExist();
    }

    @Test
    void aRestartedInstanceKeepsItsSettings() {
        Tools.Result result = lab("local_consumer restart 2");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output())
                .contains("--lab.consumer.settings-file=" + labDir.resolve("consumer-app-2.settings.json"));
        assertThat(labDir.resolve("consumer-app-2.settings.json")).exists();
    }

    @Test
    void downForgetsEveryInstancesSettings() {
        Tools.Result result = lab("local_down 0");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(labDir.resolve("consumer-app.settings.json")).doesNotExist();
        assertThat(labDir.resolve("consumer-app-2.settings.json")).doesNotExist();
    }

    private void settings(String instance) throws IOException {
        Files.writeString(labDir.resolve(instance + ".settings.json"), "{\"maxPollRecords\": 50}");
    }

    private void running(String name) throws IOException {
        Process p = Procs.labSleep(labDir);
        started.add(p);
        Procs.pidFile(labDir.resolve("pids/" + name + ".pid"), p.pid());
    }

    private Tools.Result lab(String script) {
        // Stand-ins for what would reach the host: ports, jars, Prometheus' targets, the processes themselves.
        return LabShell.run(
                labDir,
                Map.of(),
                "start_proc() { echo \"start_proc $*\"; }; require_free_port() { :; }; write_targets() { :; };"
                        + " resolve_app_jars() { CONSUMER_JAR=consumer-app.jar; }; wait_healthy() { :; };"
                        + " existing_bootstrap() { return 1; }; far_down() { :; }; " + script);
    }
}
