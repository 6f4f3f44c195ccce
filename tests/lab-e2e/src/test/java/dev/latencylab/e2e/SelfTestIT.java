package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code scripts/lab selftest} as a user runs it, from a stopped stack: it starts the local stack
 * with the apps' self-test hooks (two producer-apps, two consumer-apps), injects faults of known
 * size into real runs and exits 0 only when the counts show exactly them; then {@code down}.
 */
class SelfTestIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(15);
    private final Path root =
            Path.of(System.getProperty("lab.root", "../..")).toAbsolutePath().normalize();
    private final Path work = Path.of(System.getProperty("lab.e2e.dir", "target/e2e"))
            .toAbsolutePath()
            .resolve("selftest");

    @Test
    void theLabCountsExactlyTheFaultsItInjects() throws Exception {
        Path labDir = work.resolve(".lab");
        LabScript lab = new LabScript(
                root, work.resolve("logs"), Map.of("LAB_DIR", labDir.toString(), "LAB_UP_TIMEOUT", "240"));
        try {
            LabScript.Result selftest = lab.run(TIMEOUT, "selftest");
            assertThat(selftest.ok()).as(selftest.describe()).isTrue();
            assertThat(selftest.output())
                    .contains("| skipped-by-consumer | 50 records dropped unseen")
                    .contains("| written-twice | 30 records written twice")
                    .contains("| consumer-restart |")
                    .contains("| topic-again-2 |")
                    .contains("| acks-1-leader-killed |")
                    .contains("| 70 phases in one run")
                    .contains("| producer-paused | the first producer-app's sender stopped for 2000 ms")
                    .contains("| consumer-held | the first consumer-app's first poll of the phase held for 2000 ms")
                    .contains("| transactions-read-committed | transactions of 100 ms, every 3rd aborted")
                    .contains("| producer-starved | the first of two producer-apps' sender stopped for 4000 ms")
                    .contains("13 passed, 0 failed")
                    .doesNotContain("MISMATCH");
        } finally {
            LabScript.Result down = lab.run(TIMEOUT, "down", "--local");
            assertThat(down.ok()).as(down.describe()).isTrue();
        }
        await("the lab's pid files to be gone")
                .atMost(Duration.ofSeconds(30))
                .until(() -> !Files.exists(labDir.resolve("pids")) || isEmpty(labDir.resolve("pids")));
        assertThat(labDir.resolve("self-test"))
                .as("the hooks are off after down")
                .doesNotExist();
    }

    private static boolean isEmpty(Path dir) throws java.io.IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.findAny().isEmpty();
        }
    }
}
