package dev.latencylab.runner.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code --client-jars DIR}: the user's folder of extra Kafka client jars (a login module, a callback handler
 * outside kafka-clients), put on the class path of Kafka's tools. The runner's own JVM gets them from
 * scripts/lab, which starts it through Spring Boot's PropertiesLauncher with {@code loader.path}.
 */
final class ClientJars {

    private ClientJars() {}

    /** The folder by its absolute path (none for no option), or a usage error when it is no folder of jars. */
    static Optional<Path> checked(Path cwd, Path dir) {
        if (dir == null) {
            return Optional.empty();
        }
        Path folder = cwd.resolve(dir).toAbsolutePath();
        if (!Files.isDirectory(folder)) {
            throw new UsageException("--client-jars: no folder " + dir);
        }
        try (Stream<Path> files = Files.list(folder)) {
            if (files.noneMatch(f -> f.getFileName().toString().endsWith(".jar") && Files.isRegularFile(f))) {
                throw new UsageException("--client-jars: no .jar file in " + dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not list " + folder + ": " + e.getMessage(), e);
        }
        return Optional.of(folder);
    }
}
