package dev.latencylab.runner.cli;

import dev.latencylab.runner.workers.HostResolver;
import dev.latencylab.runner.workers.Workers;
import dev.latencylab.runner.workers.WorkersFile;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The producer-app and consumer-app instances a command drives (a picocli mixin): {@code --producer} and
 * {@code --consumer}, or {@code --workers FILE}; resolved once, on first use ({@link Workers}).
 */
final class WorkerArgs {

    /** Said after the default, which picocli would otherwise wrap at its colon. */
    private static final String DNS_FORM =
            "; dns+http://NAME:PORT is one instance per address NAME resolves to, sorted, resolved once at the start";

    @Option(
            names = "--producer",
            paramLabel = "URL",
            split = ",",
            description = "producer-app; several instances as URL,URL,... (driven together, their counts summed,"
                    + " each instance's share reported; default " + Defaults.PRODUCER + DNS_FORM + ")")
    List<URI> producerUrls;

    @Option(
            names = "--consumer",
            paramLabel = "URL",
            split = ",",
            description = "consumer-app; several instances of one group as URL,URL,... (their figures are merged,"
                    + " each instance's share reported; default " + Defaults.CONSUMER + DNS_FORM + ")")
    List<URI> consumerUrls;

    @Option(
            names = "--workers",
            paramLabel = "FILE",
            description = "instead of --producer and --consumer: a YAML file naming them,"
                    + " 'producers: [URL, ...]' and 'consumers: [URL, ...]' (docs/running.md, Workers on other hosts)")
    String workersFile;

    /** How names are resolved: the system's lookup; tests give a fixed one. */
    HostResolver dns = HostResolver.SYSTEM;

    private Workers resolved;

    /**
     * The instances, resolved on the first call and the same ever after.
     *
     * @throws UsageException when they are refused: both ways given, a file or URL refused, a name without address
     */
    Workers workers(Path cwd) {
        if (resolved == null) {
            resolved = resolve(cwd);
        }
        return resolved;
    }

    private Workers resolve(Path cwd) {
        try {
            if (workersFile == null) {
                return Workers.of(
                        producerUrls != null ? producerUrls : List.of(URI.create(Defaults.PRODUCER)),
                        "--producer",
                        consumerUrls != null ? consumerUrls : List.of(URI.create(Defaults.CONSUMER)),
                        "--consumer",
                        dns);
            }
            if (producerUrls != null || consumerUrls != null) {
                throw new UsageException("--workers names the producer-apps and consumer-apps: give it, or"
                        + " --producer and --consumer, not both");
            }
            return WorkersFile.read(cwd.resolve(workersFile), dns);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
