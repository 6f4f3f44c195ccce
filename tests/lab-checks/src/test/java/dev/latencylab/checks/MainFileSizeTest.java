package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/style.md's measure of "one job per file", checked rather than remembered: no main Java file
 * past 400 lines, and the runner's run loop, which knows no step by name, under 300.
 */
class MainFileSizeTest {

    static final int MAX_MAIN_FILE_LINES = 400;
    static final int MAX_RUN_LOOP_LINES = 300;
    static final String RUN_LOOP = "lab-runner/src/main/java/dev/latencylab/runner/run/ScenarioRunner.java";

    @Test
    void noMainFileHoldsMoreThanOneJobsWorthOfLines() throws IOException {
        Map<String, Long> tooLong = new TreeMap<>();
        for (Path file : mainJavaFiles()) {
            long lines = lines(file);
            if (lines > MAX_MAIN_FILE_LINES) {
                tooLong.put(Repo.ROOT.relativize(file).toString(), lines);
            }
        }
        assertThat(tooLong)
                .as("main files over %d lines: split each by job (docs/style.md)", MAX_MAIN_FILE_LINES)
                .isEmpty();
    }

    @Test
    void theRunLoopStaysALoop() throws IOException {
        assertThat(lines(Repo.path(RUN_LOOP)))
                .as("%s: a step's work belongs in its kind's package under run.step", RUN_LOOP)
                .isLessThanOrEqualTo(MAX_RUN_LOOP_LINES);
    }

    @Test
    void itSeesEveryModulesMainCode() throws IOException {
        assertThat(mainJavaFiles())
                .extracting(f -> Repo.ROOT.relativize(f).getName(0).toString())
                .contains("lab-api", "lab-core", "lab-kafka", "lab-app", "producer-app", "consumer-app", "lab-runner");
    }

    /**
     * Every {@code src/main/java} file of the checkout's top-level modules (the test modules under
     * tests/ hold none): only those trees are walked, not .git, a stack's data or results.
     */
    static List<Path> mainJavaFiles() throws IOException {
        List<Path> sources;
        try (Stream<Path> modules = Files.list(Repo.ROOT)) {
            sources = modules.map(m -> m.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .toList();
        }
        List<Path> files = new ArrayList<>();
        for (Path source : sources) {
            try (Stream<Path> tree = Files.walk(source)) {
                tree.filter(f -> f.toString().endsWith(".java")).forEach(files::add);
            }
        }
        return files;
    }

    private static long lines(Path file) throws IOException {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        }
    }
}
