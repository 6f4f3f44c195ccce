package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** docker-compose.yml as Docker Compose runs it: anchors merged, .env's variables filled in, nothing exported. */
final class ComposeConfig {

    private ComposeConfig() {}

    static JsonNode resolved() {
        Path dockerCompose = Tools.require("docker-compose", "Debian package docker-compose");
        Tools.Result result = Tools.run(
                Duration.ofMinutes(1),
                Repo.ROOT,
                List.of(
                        "env",
                        "-u",
                        "GRAFANA_ADMIN_PASSWORD",
                        dockerCompose.toString(),
                        "--project-directory",
                        Repo.ROOT.toString(),
                        "config"));
        assertThat(result.ok()).as(result.describe()).isTrue();
        return YAMLMapper.builder().build().readTree(result.output());
    }
}
