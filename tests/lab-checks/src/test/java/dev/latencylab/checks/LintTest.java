package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** shellcheck on the bash scripts and yamllint (config: .yamllint) on the YAML, as CI runs them. */
class LintTest {

    @Test
    void bashScriptsPassShellcheck() throws IOException {
        Path shellcheck = Tools.require("shellcheck", "Debian package shellcheck");
        List<String> scripts = new ArrayList<>(bashScripts(Repo.path("scripts")));
        // The scripts that run inside the images (compose's and the podman stand-ins').
        scripts.addAll(bashScripts(Repo.path("stack/docker")));
        scripts.addAll(bashScripts(Repo.path("stack/podman")));
        // The Maven wrapper decides which Maven the build runs.
        scripts.add("mvnw");
        assumeTrue(!scripts.isEmpty(), "no bash scripts under scripts/ yet");
        List<String> command = new ArrayList<>(List.of(shellcheck.toString(), "--external-sources"));
        command.addAll(scripts);

        Tools.Result result = Tools.run(Duration.ofMinutes(2), Repo.ROOT, command);

        assertThat(result.ok()).as(result.describe()).isTrue();
    }

    @Test
    void yamlPassesYamllint() {
        Path yamllint = Tools.require("yamllint", "Debian package yamllint");
        List<String> command = new ArrayList<>(List.of(
                yamllint.toString(),
                "--strict",
                "--format",
                "parsable",
                "--config-file",
                ".yamllint",
                ".yamllint",
                "docker-compose.yml",
                "observability",
                "stack/podman",
                // The chart's plain YAML (its templates are Go templates, checked by helm lint: HelmChartTest).
                "deploy/helm/latency-lab/Chart.yaml",
                "deploy/helm/latency-lab/values.yaml"));
        if (Files.isDirectory(Repo.path("scenarios"))) {
            command.add("scenarios");
        }

        Tools.Result result = Tools.run(Duration.ofMinutes(2), Repo.ROOT, command);

        assertThat(result.ok()).as(result.describe()).isTrue();
    }

    /** Files under dir that are bash: a .sh/.bash name, a bash shebang, or a "shellcheck shell=bash" directive. */
    static List<String> bashScripts(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(LintTest::isBash)
                    .sorted()
                    .map(f -> Repo.ROOT.relativize(f).toString())
                    .toList();
        }
    }

    private static boolean isBash(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".sh") || name.endsWith(".bash")) {
            return true;
        }
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            String first = reader.readLine();
            return first != null
                    && (first.startsWith("#!") && first.contains("bash") || first.contains("shellcheck shell=bash"));
        } catch (MalformedInputException binary) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
