package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The consumer-app's Prometheus targets file (scripts/lib/local-stack.sh's write_targets) written by many at
 * once, as two restart steps of one scenario do: every writer succeeds and the file lists the instances. A CI
 * run failed on it: one restart's {@code mv} found its temp file already moved by the other's.
 */
class PrometheusTargetsTest {

    @Test
    void writersAtOnceAllSucceedAndTheFileListsTheInstances() throws IOException {
        Path labDir = Repo.buildDir().resolve("targets-" + System.nanoTime());
        Files.createDirectories(labDir.resolve("prometheus/targets"));

        // The instances running, listed slowly: a writer holds its temp file open while another starts.
        Tools.Result result = LabShell.run(
                labDir,
                Map.of(),
                """
                running_instances() { sleep "0.0$((RANDOM % 5))"; printf 'consumer-app\\nconsumer-app-2\\n'; }
                pids=()
                for i in $(seq 40); do write_targets consumer-app & pids+=($!); done
                failed=0
                for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
                echo "writers failed: $failed"
                """);

        assertThat(result.ok()).as(result.describe()).isTrue();
        assertThat(result.output()).contains("writers failed: 0");
        assertThat(Files.readString(labDir.resolve("prometheus/targets/consumer-app.yml")))
                .contains("- targets: [127.0.0.1:8081]", "member: consumer-app\n")
                .contains("- targets: [127.0.0.1:8083]", "member: consumer-app-2\n");
        try (var files = Files.list(labDir.resolve("prometheus/targets"))) {
            assertThat(files.map(p -> p.getFileName().toString())).doesNotContain("consumer-app.yml.tmp");
        }
    }
}
