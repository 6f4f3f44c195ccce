package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * scripts/lab keeps the runner's exit codes (lab-runner/README.md): a wrong command line exits 2, saying
 * what is wrong, before anything is started; a LAB_DIR of its own, and no stack.
 */
class UsageErrorExitTest {

    private Path labDir;

    @BeforeEach
    void labDir() throws IOException {
        labDir = Files.createDirectories(Repo.buildDir().resolve("usage-" + System.nanoTime()));
    }

    @Test
    void noCommandPrintsTheUsageAndExitsTwo() {
        Tools.Result none = lab();

        assertThat(none.exitCode()).as(none.describe()).isEqualTo(2);
        assertThat(none.output())
                .contains("Usage: scripts/lab <command>", "Exit codes (scripts/lab and the runner alike): 0 done");
    }

    @Test
    void aWrongCommandLineExitsTwoNamingWhatIsWrong() {
        Map<List<String>, String> wrong = Map.of(
                List.of("frobnicate"), "unknown command 'frobnicate'",
                List.of("linger"), "usage: scripts/lab linger <ms>",
                List.of("run"), "usage: scripts/lab run <scenario.yaml>",
                List.of("delay"), "usage: scripts/lab delay",
                List.of("broker", "kill"), "usage: scripts/lab broker",
                List.of("consumer", "kill", "x"), "consumer: no instance 'x'",
                List.of("up", "--partitions", "x"), "--partitions must be a positive integer, got 'x'",
                List.of("up", "--kafka-version", "2.8.0"), "--kafka-version 2.8.0",
                List.of("down", "--frobnicate"), "unknown option '--frobnicate'");
        wrong.forEach((args, reason) -> {
            Tools.Result r = lab(args.toArray(String[]::new));

            assertThat(r.exitCode()).as(r.describe()).isEqualTo(2);
            assertThat(r.output()).as(r.describe()).contains("lab: error: " + reason);
        });
        assertThat(labDir.resolve("lock")).doesNotExist();
    }

    /** The namespace hosts' flags where they cannot apply: refused before anything starts. */
    @Test
    void hostsFlagsOutOfPlaceExitTwo() {
        Map<List<String>, String> wrong = Map.of(
                List.of("up", "--local", "--host-clock-skew", "300"), "--host-clock-skew goes with --hosts",
                List.of("up", "--local", "--hosts", "--host-clock-skew", "3s"), "--host-clock-skew must be a whole",
                List.of("up", "--local", "--hosts", "--consumers", "2"), "--hosts sets where the apps run",
                List.of("up", "--compose", "--hosts"), "--hosts: local mode only");
        wrong.forEach((args, reason) -> {
            Tools.Result r = lab(args.toArray(String[]::new));

            assertThat(r.exitCode()).as(r.describe()).isEqualTo(2);
            assertThat(r.output()).as(r.describe()).contains("lab: error: " + reason);
        });
        assertThat(labDir.resolve("lock")).doesNotExist();
    }

    private Tools.Result lab(String... args) {
        List<String> command = new ArrayList<>(List.of("env", "-u", "LAB_LOCK_HELD", "scripts/lab"));
        command.addAll(List.of(args));
        return Tools.run(Duration.ofSeconds(60), Repo.ROOT, Map.of("LAB_DIR", labDir.toString()), command);
    }
}
