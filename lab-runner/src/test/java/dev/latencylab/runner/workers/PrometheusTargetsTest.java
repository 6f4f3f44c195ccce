package dev.latencylab.runner.workers;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** The targets files: what scripts/lab writes for its own instances, for any list of them. */
class PrometheusTargetsTest {

    /** The repository's own local targets, which the dashboards are checked against. */
    private static final Path LOCAL = Path.of("..", "observability", "prometheus", "targets", "local");

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    @TempDir
    Path dir;

    private static List<URI> urls(String... urls) {
        return java.util.Arrays.stream(urls).map(URI::create).toList();
    }

    @Test
    void theLocalInstancesGiveTheLocalFilesOwnTargetsAndLabels() throws Exception {
        Workers local = new Workers(urls("http://127.0.0.1:8080"), urls("http://127.0.0.1:8081/"));

        PrometheusTargets.write(dir, local);

        for (String app : List.of("producer-app", "consumer-app")) {
            assertThat(YAML.readTree(Files.readString(dir.resolve(app + ".yml"))))
                    .as(app)
                    .isEqualTo(YAML.readTree(Files.readString(LOCAL.resolve(app + ".yml"))));
        }
    }

    @Test
    void eachInstanceIsAMemberNamedAsScriptsLabNamesItsOwn() {
        String file = PrometheusTargets.render(
                "consumer-app", urls("http://10.0.0.7:8081", "http://10.0.0.8:8081", "http://[2001:db8::1]:8081"));

        assertThat(file)
                .isEqualTo(
                        """
                        ---
                        # Written by lab-runner targets: the consumer-app instances it was given.
                        - targets: [10.0.0.7:8081]
                          labels:
                            app: consumer-app
                            member: consumer-app
                        - targets: [10.0.0.8:8081]
                          labels:
                            app: consumer-app
                            member: consumer-app-2
                        - targets: ["[2001:db8::1]:8081"]
                          labels:
                            app: consumer-app
                            member: consumer-app-3
                        """);
        JsonNode parsed = YAML.readTree(file);
        assertThat(parsed.get(2).path("targets").get(0).asString()).isEqualTo("[2001:db8::1]:8081");
    }

    @Test
    void anInstanceBehindHttpsOrAPathSaysSoForItself() {
        JsonNode parsed = YAML.readTree(PrometheusTargets.render(
                "producer-app", urls("https://p.example/lab/", "http://10.0.0.5:8080", "https://10.0.0.6:9443")));

        assertThat(parsed.get(0).path("targets").get(0).asString()).isEqualTo("p.example:443");
        assertThat(parsed.get(0).path("labels").path("__scheme__").asString()).isEqualTo("https");
        assertThat(parsed.get(0).path("labels").path("__metrics_path__").asString())
                .isEqualTo("/lab/actuator/prometheus");
        assertThat(parsed.get(1).path("labels").has("__scheme__")).isFalse();
        assertThat(parsed.get(1).path("labels").has("__metrics_path__")).isFalse();
        assertThat(parsed.get(2).path("labels").path("__scheme__").asString()).isEqualTo("https");
        assertThat(parsed.get(2).path("labels").has("__metrics_path__")).isFalse();
    }

    @Test
    void filesAreReplacedWholeReadableByPrometheusAndNothingElseIsLeftInTheFolder() throws Exception {
        Path targets = dir.resolve("targets");
        Files.createDirectories(targets);
        Path elsewhere = Files.writeString(dir.resolve("elsewhere.yml"), "kept\n");
        // A link where a file goes: replaced by the file, what it pointed to untouched.
        Files.createSymbolicLink(targets.resolve("producer-app.yml"), elsewhere);
        Files.writeString(targets.resolve("consumer-app.yml"), "old\n");

        List<Path> written = PrometheusTargets.write(
                targets,
                new Workers(urls("http://10.0.0.5:8080"), urls("http://10.0.0.7:8081", "http://10.0.0.8:8081")));

        assertThat(written).containsExactly(targets.resolve("producer-app.yml"), targets.resolve("consumer-app.yml"));
        try (var listing = Files.list(targets)) {
            assertThat(listing.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("producer-app.yml", "consumer-app.yml");
        }
        assertThat(Files.isSymbolicLink(targets.resolve("producer-app.yml"))).isFalse();
        assertThat(Files.readString(elsewhere)).isEqualTo("kept\n");
        assertThat(Files.readString(targets.resolve("consumer-app.yml"))).contains("member: consumer-app-2");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(targets.resolve("consumer-app.yml"))))
                .isEqualTo("rw-r--r--");
    }
}
