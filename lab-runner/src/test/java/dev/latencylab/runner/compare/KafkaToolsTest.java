package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KafkaToolsTest {

    @Test
    void theToolsRunWithTheLabAppsJvmOptions() {
        KafkaTools tools = new KafkaTools(Path.of("java"), Path.of("lib"), "127.0.0.1:9092", "-Xmx1g  -XX:+UseG1GC");

        assertThat(tools.producerPerformance("t", 10, 400, java.util.Map.of()))
                .startsWith("java", "-Xmx1g", "-XX:+UseG1GC", "-Duser.language=en", "-Duser.country=US", "-cp");
    }

    @Test
    void withoutScriptsLabTheToolsGetTheAppsDefaultHeap() {
        assertThat(KafkaTools.jvmOptions(null)).startsWith(KafkaTools.DEFAULT_APP_JAVA_OPTS);
        assertThat(KafkaTools.jvmOptions(" ")).startsWith(KafkaTools.DEFAULT_APP_JAVA_OPTS);
    }
}
