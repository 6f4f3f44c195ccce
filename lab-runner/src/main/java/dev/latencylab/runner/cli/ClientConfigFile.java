package dev.latencylab.runner.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * {@code --client-config FILE}: the Kafka client properties of a cluster the lab did not start (its security
 * settings), as every client of the runner reads them: run's admin client, compare's admin client, floor and
 * Kafka's tools.
 */
final class ClientConfigFile {

    private ClientConfigFile() {}

    /** The file's properties (none for no file), or a usage error naming it when it cannot be read. */
    static Properties read(Path cwd, Path file) {
        Properties p = new Properties();
        if (file != null) {
            try (Reader in = Files.newBufferedReader(cwd.resolve(file))) {
                p.load(in);
            } catch (IOException e) {
                throw new UsageException("--client-config: could not read " + file + ": " + e.getMessage());
            }
        }
        return p;
    }
}
