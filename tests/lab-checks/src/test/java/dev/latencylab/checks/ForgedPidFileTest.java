package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A pid file under .lab is only a claim (the folder is the user's, and root reads it under sudo): 'scripts/lab
 * down' signals a pid only while its process is the one the lab started (scripts/lib/procs.sh), and says why it
 * leaves any other alone. The victims are sleeps this test starts and stops itself.
 */
class ForgedPidFileTest {

    private Path labDir;
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void labDir() throws IOException {
        labDir = Repo.buildDir().resolve("forged-pids-" + System.nanoTime());
        Files.createDirectories(labDir.resolve("pids"));
    }

    @AfterEach
    void stopSleeps() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void downSignalsNoProcessAForgedPidFileNamesAndSaysWhy() throws Exception {
        Process victim = started(new ProcessBuilder("sleep", "300").start());
        long pid = victim.pid();
        Files.writeString(pidFile("kafka-1"), pid + "\n");
        // Everything an attacker can read of the victim: its start time and command line.
        Procs.pidFile(pidFile("kafka-2"), pid);
        Procs.pidFile(pidFile("kafka-3"), 1);
        Files.writeString(pidFile("prometheus"), "-1 0\n");
        Files.writeString(pidFile("from-an-earlier-version"), pid + " " + Procs.startTime(pid) + "\n");
        Files.write(
                pidFile("grafana"),
                (pid + " " + Procs.startTime(pid) + "\njava\0-jar\0" + Repo.ROOT.resolve("producer-app.jar") + "\0")
                        .getBytes(StandardCharsets.UTF_8));

        Tools.Result down = down();

        assertThat(down.ok()).as(down.describe()).isTrue();
        assertThat(down.output())
                .contains("not signalling kafka-1: pid " + pid + " has no start time recorded")
                .contains("not signalling kafka-2: pid " + pid + " runs a command that names neither " + Repo.ROOT)
                .contains("not signalling kafka-3: pid 1 is never a process the lab started")
                .contains("not signalling prometheus: '-1' is not a pid")
                .contains("not signalling grafana: pid " + pid + " runs another command than the one recorded")
                .contains("not signalling from-an-earlier-version: pid " + pid + " has no command recorded beside it");
        assertThat(victim.waitFor(1, TimeUnit.SECONDS))
                .as("the forged files' process runs on")
                .isFalse();
        assertThat(labDir.resolve("pids")).isEmptyDirectory();
    }

    @Test
    void statusSaysAForgedPidFileIsNotTheLabsProcess() throws Exception {
        Process victim = started(new ProcessBuilder("sleep", "300").start());
        Procs.pidFile(pidFile("kafka-1"), victim.pid());

        Tools.Result status = LabShell.run(labDir, Map.of(), "local_status");

        assertThat(status.ok()).as(status.describe()).isTrue();
        assertThat(status.output())
                .containsPattern(
                        "kafka-1 +- .*not the lab's process: pid " + victim.pid() + " runs a command that names");
        assertThat(victim.isAlive()).isTrue();
    }

    @Test
    void anotherUsersProcessIsNotSignalledEvenWithItsWholeRecord() throws Exception {
        assumeThat(ProcessHandle.current().info().user().orElse(""))
                .as("starting a process as another user needs root, as CI runs")
                .isEqualTo("root");
        String sleep = Procs.sleepInLab(labDir).toString();
        Process other =
                started(new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sleep, "300")
                        .start());
        Procs.pidFile(pidFile("kafka-1"), other.pid());

        Tools.Result down = down();

        assertThat(down.ok()).as(down.describe()).isTrue();
        assertThat(down.output()).contains("not signalling kafka-1: pid " + other.pid() + " belongs to uid 65534");
        assertThat(other.waitFor(1, TimeUnit.SECONDS)).isFalse();
    }

    @Test
    void theLabsOwnProcessIsFoundAtOnceAndStopped() throws Exception {
        Tools.Result result = LabShell.run(
                labDir,
                Map.of(),
                "ln -s /bin/sleep \"$LAB_DIR/sleep\"; start_proc kafka-1 \"$LAB_DIR/sleep\" 300;"
                        + " pid=$(running_pid kafka-1); echo \"running $pid\"; stop_procs 10 kafka-1;"
                        + " [[ -d /proc/$pid ]] || echo gone");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output())
                .contains("running ")
                .contains("stopped kafka-1")
                .contains("gone");
    }

    @Test
    void aStartKeepsTheLogOfTheRunBeforeAsOneGeneration() throws Exception {
        // The run before: a stopped instance's last words. A restart must not erase them.
        Files.createDirectories(labDir.resolve("logs"));
        Files.writeString(labDir.resolve("logs/consumer-app-3.out"), "left the group\n");

        Tools.Result result = LabShell.run(
                labDir,
                Map.of(),
                "ln -s /bin/sleep \"$LAB_DIR/sleep\"; start_proc consumer-app-3 \"$LAB_DIR/sleep\" 300;"
                        + " echo 'started again' >>\"$LOG_DIR/consumer-app-3.out\"; stop_procs 10 consumer-app-3;"
                        + " start_proc consumer-app-3 \"$LAB_DIR/sleep\" 300; stop_procs 10 consumer-app-3");

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(labDir.resolve("logs/consumer-app-3.out.1")).hasContent("started again");
        assertThat(labDir.resolve("logs/consumer-app-3.out")).isEmptyFile();
    }

    @Test
    void theDelayWireIsStoppedAfterItGaveUpRootForNobody() throws Exception {
        assumeThat(ProcessHandle.current().info().user().orElse(""))
                .as("starting a process as another user needs root, as CI runs")
                .isEqualTo("root");
        // As far_up starts the wire when root acts for no one: it becomes nobody once set up (wire_run_as).
        Tools.Result up = LabShell.run(
                labDir,
                Map.of("SUDO_USER", ""),
                "ln -s /bin/sleep \"$LAB_DIR/sleep\"; start_proc network-delay setpriv --reuid=65534 --regid=65534"
                        + " --clear-groups \"$LAB_DIR/sleep\" 300; read -r pid _ <\"$PID_DIR/network-delay.pid\"; echo \"$pid\"");
        assertThat(up.ok()).as(up.describe()).isTrue();
        ProcessHandle wire = ProcessHandle.of(Long.parseLong(
                        up.output().strip().lines().reduce((a, b) -> b).orElseThrow()))
                .orElseThrow();
        try {
            Tools.Result down = Tools.run(
                    Duration.ofSeconds(60),
                    Repo.ROOT,
                    Map.of("LAB_DIR", labDir.toString(), "SUDO_USER", ""),
                    List.of("env", "-u", "LAB_LOCK_HELD", "scripts/lab", "down", "--local"));

            assertThat(down.ok()).as(down.describe()).isTrue();
            assertThat(down.output()).contains("stopped network-delay").doesNotContain("not signalling");
            assertThat(wire.onExit().get(5, TimeUnit.SECONDS).isAlive()).isFalse();
        } finally {
            wire.destroyForcibly();
        }
    }

    private Process started(Process p) {
        started.add(p);
        return p;
    }

    private Path pidFile(String name) {
        return labDir.resolve("pids/" + name + ".pid");
    }

    private Tools.Result down() {
        return Tools.run(
                Duration.ofSeconds(60),
                Repo.ROOT,
                Map.of("LAB_DIR", labDir.toString()),
                List.of("env", "-u", "LAB_LOCK_HELD", "scripts/lab", "down", "--local"));
    }
}
