package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 'scripts/lab run' skips its check of the scenario before 'up' only when 'up' would start nothing: a whole local
 * stack runs (local_whole). On a part of one, 'up' would start the rest for a file the run then refuses. The
 * processes are sleeps under the lab's names, started and stopped by the snippet itself.
 */
class WholeStackTest {

    private static final String START = "ln -s /bin/sleep \"$LAB_DIR/sleep\";"
            + " for name in kafka-1 prometheus producer-app consumer-app; do start_proc $name \"$LAB_DIR/sleep\" 300;"
            + " done;";
    private static final String VERDICT = " if local_whole; then echo whole; else echo partial; fi;";
    private static final String STOP = " stop_procs 10 kafka-1 prometheus producer-app consumer-app >/dev/null";

    private Path labDir;

    @BeforeEach
    void labDir() throws IOException {
        labDir = Repo.buildDir().resolve("whole-stack-" + System.nanoTime());
        Files.createDirectories(labDir.resolve("pids"));
    }

    @Test
    void everyProcessRunningWithItsAppsIsWhole() {
        assertThat(verdict(START + VERDICT + STOP)).isEqualTo("whole");
    }

    @Test
    void aBrokerGoneLeavesAPart() {
        assertThat(verdict(
                        START + " kill -9 $(running_pid kafka-1); while running_pid kafka-1 >/dev/null; do sleep 0.1;"
                                + " done;" + VERDICT + STOP))
                .isEqualTo("partial");
    }

    @Test
    void aStackWithoutItsAppsIsAPart() {
        assertThat(verdict(START + " stop_procs 10 producer-app consumer-app >/dev/null;" + VERDICT + STOP))
                .isEqualTo("partial");
    }

    @Test
    void theNamespaceHostsWithTheirAppsAreWhole() {
        String hosts = "ln -s /bin/sleep \"$LAB_DIR/sleep\"; mkdir -p \"$(hosts_dir)\"; : >\"$(hosts_workers_file)\";"
                + " for name in kafka-1 host-relays h1-producer-app h3-consumer-app; do"
                + " start_proc $name \"$LAB_DIR/sleep\" 300; done;";
        assertThat(verdict(hosts + VERDICT + " stop_procs 10 kafka-1 host-relays h1-producer-app h3-consumer-app"
                        + " >/dev/null"))
                .isEqualTo("whole");
    }

    @Test
    void noStackIsNoWholeOne() {
        assertThat(verdict(VERDICT)).isEqualTo("partial");
    }

    private String verdict(String script) {
        Tools.Result result = LabShell.run(labDir, Map.of(), script);
        assertThat(result.ok()).as(result.describe()).isTrue();
        return result.output()
                .lines()
                .filter(l -> l.equals("whole") || l.equals("partial"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no verdict in: " + result.describe()));
    }
}
