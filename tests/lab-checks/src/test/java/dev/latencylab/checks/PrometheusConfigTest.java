package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * observability/prometheus/prometheus.yml with each set of targets (compose, local): promtool accepts it, and both
 * modes give Prometheus the same target files and the same labels, so dashboards work unchanged in either.
 */
class PrometheusConfigTest {

    private static final Path PROMETHEUS = Repo.path("observability/prometheus");
    private static final Path TARGET_SETS = PROMETHEUS.resolve("targets");

    /** Its HTTP lifecycle API would let any web page the user visits POST /-/quit to it. */
    @Test
    void noStackStartsPrometheusWithItsLifecycleApi() {
        assertThat(Repo.read("scripts/lib/local-stack.sh"))
                .contains("start_proc prometheus")
                .doesNotContain("enable-lifecycle");
        assertThat(Repo.read("docker-compose.yml")).contains("prometheus").doesNotContain("enable-lifecycle");
    }

    @Test
    void thereIsATargetSetForComposeAndForLocalMode() throws IOException {
        assertThat(targetSets()).extracting(p -> p.getFileName().toString()).contains("compose", "local");
    }

    @Test
    void promtoolAcceptsTheConfigWithEachTargetSet() throws IOException {
        Path promtool = Tools.require("promtool", "Debian package prometheus");
        for (Path set : targetSets()) {
            // Prometheus resolves file_sd paths against the config's directory: lay it out as the modes do.
            Path dir = Files.createDirectories(Repo.buildDir().resolve("prometheus-" + set.getFileName()));
            Files.copy(
                    PROMETHEUS.resolve("prometheus.yml"),
                    dir.resolve("prometheus.yml"),
                    StandardCopyOption.REPLACE_EXISTING);
            Path targets = dir.resolve("targets");
            deleteRecursively(targets);
            Files.createDirectories(targets);
            for (Path file : list(set)) {
                Files.copy(file, targets.resolve(file.getFileName()));
            }

            Tools.Result result = Tools.run(
                    Duration.ofMinutes(1),
                    dir,
                    List.of(
                            promtool.toString(),
                            "check",
                            "config",
                            dir.resolve("prometheus.yml").toString()));

            assertThat(result.ok())
                    .as("targets/%s%n%s", set.getFileName(), result.describe())
                    .isTrue();
            // promtool only warns about a file_sd file that is missing; for the lab it is an error.
            assertThat(result.output())
                    .as("targets/%s%n%s", set.getFileName(), result.describe())
                    .doesNotContain("does not exist");
        }
    }

    @Test
    void everyTargetSetHasTheSameFilesAndLabels() throws IOException {
        List<Path> sets = targetSets();
        Path reference = sets.get(0);
        for (Path set : sets) {
            assertThat(fileNames(set))
                    .as("files in targets/%s vs targets/%s", set.getFileName(), reference.getFileName())
                    .isEqualTo(fileNames(reference));
            for (String file : fileNames(set)) {
                assertThat(labelSets(set.resolve(file)))
                        .as(
                                "labels in targets/%s/%s vs targets/%s/%s",
                                set.getFileName(), file, reference.getFileName(), file)
                        .isEqualTo(labelSets(reference.resolve(file)));
            }
        }
    }

    private static Set<String> labelSets(Path file) {
        JsonNode groups = YAMLMapper.builder().build().readTree(file.toFile());
        Set<String> labels = new TreeSet<>();
        for (JsonNode group : groups.values()) {
            labels.add(group.path("labels").toString());
        }
        return labels;
    }

    private static Set<String> fileNames(Path dir) throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path file : list(dir)) {
            names.add(file.getFileName().toString());
        }
        return names;
    }

    private static List<Path> targetSets() throws IOException {
        try (Stream<Path> dirs = Files.list(TARGET_SETS)) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return new ArrayList<>(files.filter(Files::isRegularFile).sorted().toList());
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
