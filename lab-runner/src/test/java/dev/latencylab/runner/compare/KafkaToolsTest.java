package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    void withoutScriptsLabTheToolsGetTheAppsDefaultHeap() throws IOException {
        String[] appOptions = KafkaTools.DEFAULT_APP_JAVA_OPTS.split(" ");
        assertThat(appOptions).hasSizeGreaterThanOrEqualTo(2);
        assertThat(KafkaTools.jvmOptions(null)).startsWith(appOptions);
        assertThat(KafkaTools.jvmOptions(" ")).startsWith(appOptions);
        // The apps' options live in .env; the runner's copy for a start without scripts/lab must not drift from it.
        String dotEnv = Files.readAllLines(Path.of("..", ".env")).stream()
                .filter(l -> l.startsWith(KafkaTools.APP_JAVA_OPTS_VARIABLE + "="))
                .findFirst()
                .orElseThrow();
        assertThat(KafkaTools.DEFAULT_APP_JAVA_OPTS)
                .isEqualTo(dotEnv.substring(dotEnv.indexOf('=') + 1).strip());
    }

    /** On a cluster the lab did not start, every tool reads the user's client config: its security settings. */
    @Test
    void everyToolReadsTheUsersClientConfig() {
        KafkaTools tools = new KafkaTools(Path.of("java"), Path.of("lib"), "broker:9094", null)
                .forClient(Optional.of(Path.of("/home/u/client.properties")), Optional.empty());

        for (List<String> c : List.of(
                tools.producerPerformance("lab.t", 10, Path.of("payload.txt"), Map.of("linger.ms", "5")),
                tools.consumerPerformance("lab.t", 10, "g", 1000),
                tools.endToEndLatency("lab.t", 10, 400),
                tools.topics("--describe", "--topic", "lab.t"))) {
            assertThat(c)
                    .as(String.join(" ", c))
                    .containsSubsequence(
                            "--bootstrap-server", "broker:9094", "--command-config", "/home/u/client.properties")
                    .containsOnlyOnce("--command-config");
        }
        // ProducerPerformance's own settings come after the file, in --command-property, which wins over it.
        assertThat(tools.producerPerformance("lab.t", 10, Path.of("payload.txt"), Map.of("linger.ms", "5")))
                .containsSubsequence("--command-config", "--command-property", "linger.ms=5");
    }

    @Test
    void withoutAClientConfigNoToolIsGivenOne() {
        KafkaTools tools = new KafkaTools(Path.of("java"), Path.of("lib"), "127.0.0.1:9092", null);

        assertThat(tools.endToEndLatency("lab.t", 10, 400)).doesNotContain("--command-config");
        assertThat(tools.topics("--list")).doesNotContain("--command-config");
    }
}
