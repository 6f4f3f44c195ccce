package dev.latencylab.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Paths in the checkout. Surefire runs the tests in tests/lab-checks/, so the root is found by walking up. */
final class Repo {

    static final Path ROOT = findRoot();

    private Repo() {}

    static Path path(String relative) {
        return ROOT.resolve(relative);
    }

    /** tests/lab-checks/target: where the checks put what they build or generate. */
    static Path buildDir() {
        Path dir = path("tests/lab-checks/target");
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(String relative) {
        try {
            return Files.readString(path(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The KEY=value lines of the checkout's .env (comments and blank lines skipped). */
    static Map<String, String> dotEnv() {
        Map<String, String> values = new HashMap<>();
        for (String line : read(".env").split("\n")) {
            String l = line.strip();
            int eq = l.indexOf('=');
            if (!l.isEmpty() && !l.startsWith("#") && eq > 0) {
                values.put(l.substring(0, eq), l.substring(eq + 1));
            }
        }
        return values;
    }

    private static Path findRoot() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs/contracts.md")) && Files.isRegularFile(dir.resolve("mvnw"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root (with docs/contracts.md and mvnw) above " + start);
    }
}
