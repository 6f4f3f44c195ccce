package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The helm that scripts/lab setup builds (scripts/lib/helm.sh: pom.xml's helm.version, in .lab/tools/), run on
 * deploy/helm/latency-lab. Missing, the test fails saying to run setup: CI runs it before the tests.
 */
final class Helm {

    static final Path CHART = Repo.path("deploy/helm/latency-lab");

    /** Values every render needs (the chart refuses to guess them). */
    static final List<String> REQUIRED =
            List.of("--set", "bootstrap=kafka:9092", "--set", "runner.prometheusUrl=http://prometheus:9090");

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private static final Pattern VERSION = Pattern.compile("<helm\\.version>([^<]+)</helm\\.version>");

    private Helm() {}

    /** Where setup builds the pinned helm; the test fails when it is not there. */
    static Path binary() {
        String version = pinnedVersion();
        Path helm = labTools().resolve("helm-v" + version).resolve("helm");
        if (!Files.isExecutable(helm)) {
            return fail("helm %s is not built (no %s): run scripts/lab setup", version, helm);
        }
        return helm;
    }

    /** The lab's own tools folder (.lab/tools, or under LAB_DIR): what setup builds goes there. */
    static Path labTools() {
        return Path.of(System.getenv().getOrDefault("LAB_DIR", Repo.path(".lab").toString()), "tools");
    }

    /** pom.xml's helm.version. */
    static String pinnedVersion() {
        Matcher m = VERSION.matcher(Repo.read("pom.xml"));
        assertThat(m.find()).as("pom.xml pins <helm.version>").isTrue();
        return m.group(1).trim();
    }

    /** helm with its caches and settings under tests/lab-checks/target, none in the user's home. */
    static Tools.Result run(List<String> args) {
        List<String> command = new ArrayList<>(List.of(binary().toString()));
        command.addAll(args);
        Path home = Repo.buildDir().resolve("helm-home");
        return Tools.run(
                Duration.ofMinutes(1),
                Repo.ROOT,
                Map.of(
                        "HELM_CACHE_HOME", home.resolve("cache").toString(),
                        "HELM_CONFIG_HOME", home.resolve("config").toString(),
                        "HELM_DATA_HOME", home.resolve("data").toString()),
                command);
    }

    /**
     * {@code helm template} of the chart with REQUIRED and {@code args}; fails the test unless it renders. The
     * manifests are read from the files helm writes, not from its output, where it also warns (about the chart's
     * scenarios link, for one).
     */
    static Manifests template(String... args) {
        Path dir = Repo.buildDir().resolve("helm-template");
        try {
            if (Files.exists(dir)) {
                try (Stream<Path> old = Files.walk(dir)) {
                    old.sorted(Comparator.reverseOrder())
                            .forEach(p -> p.toFile().delete());
                }
            }
            List<String> withDir = new ArrayList<>(List.of(args));
            withDir.addAll(List.of("--output-dir", dir.toString()));
            Tools.Result result = render(withDir.toArray(String[]::new));
            assertThat(result.ok()).as(result.describe()).isTrue();
            List<JsonNode> documents = new ArrayList<>();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".yaml"))
                        .sorted()
                        .toList()) {
                    try (MappingIterator<JsonNode> it =
                            YAML.readerFor(JsonNode.class).readValues(Files.readString(file))) {
                        it.forEachRemaining(d -> {
                            if (d != null && !d.isNull() && !d.isMissingNode()) {
                                documents.add(d);
                            }
                        });
                    }
                }
            }
            return new Manifests(documents);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code helm template} of the chart with REQUIRED and {@code args}, as it ended. */
    static Tools.Result render(String... args) {
        List<String> command = new ArrayList<>(List.of("template", "lab", CHART.toString(), "--namespace", "lab"));
        command.addAll(REQUIRED);
        command.addAll(List.of(args));
        return run(command);
    }

    /** The rendered objects. */
    record Manifests(List<JsonNode> all) {

        List<JsonNode> ofKind(String kind) {
            return all.stream()
                    .filter(d -> kind.equals(d.path("kind").asString()))
                    .toList();
        }

        JsonNode one(String kind, String name) {
            List<JsonNode> found = ofKind(kind).stream()
                    .filter(d -> name.equals(d.path("metadata").path("name").asString()))
                    .toList();
            assertThat(found).as("%s %s rendered once", kind, name).hasSize(1);
            return found.get(0);
        }

        /** The Deployment of producer-app or consumer-app (by its pods' app label). */
        JsonNode app(String app) {
            List<JsonNode> found = ofKind("Deployment").stream()
                    .filter(d -> app.equals(d.path("spec")
                            .path("template")
                            .path("metadata")
                            .path("labels")
                            .path("app")
                            .asString()))
                    .toList();
            assertThat(found).as("one Deployment of %s", app).hasSize(1);
            return found.get(0);
        }

        JsonNode runnerJob() {
            List<JsonNode> jobs = ofKind("Job");
            assertThat(jobs).as("the runner's Job").hasSize(1);
            return jobs.get(0);
        }
    }
}
