package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KafkaToolsTest {

    @Test
    void theToolsRunWithTheLabAppsJvmOptions() {
        KafkaTools tools = new KafkaTools(Path.of("java"), Path.of("lib"), "127.0.0.1:9092", "-Xmx1g  -XX:+UseG1GC");

        assertThat(tools.producerPerformance("t", 10, Path.of("payload.txt"), java.util.Map.of()))
                .startsWith("java", "-Xmx1g", "-XX:+UseG1GC", "-Duser.language=en", "-Duser.country=US", "-cp");
    }

    /** The tool's own random payload is work per record the producer-app does not do: it sends one file's value. */
    @Test
    void producerPerformanceSendsThePayloadFileNotRandomRecordsOfASize() {
        KafkaTools tools = new KafkaTools(Path.of("java"), Path.of("lib"), "127.0.0.1:9092", null);

        java.util.List<String> c =
                tools.producerPerformance("t", 10, Path.of("/tmp/x/payload.txt"), java.util.Map.of());

        assertThat(c)
                .containsSubsequence("--payload-file", "/tmp/x/payload.txt")
                .doesNotContain("--record-size");
    }

    @Test
    void withoutScriptsLabTheToolsGetTheAppsDefaultHeap() {
        assertThat(KafkaTools.jvmOptions(null)).startsWith(KafkaTools.DEFAULT_APP_JAVA_OPTS);
        assertThat(KafkaTools.jvmOptions(" ")).startsWith(KafkaTools.DEFAULT_APP_JAVA_OPTS);
    }
}
