package dev.latencylab.runner.workers;

import dev.latencylab.runner.endpoint.Urls;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * Prometheus' file-based discovery files for the instances ({@code producer-app.yml}, {@code consumer-app.yml}),
 * in the format and with the labels of scripts/lab's own (observability/prometheus/targets/local): {@code app}
 * and {@code member}, which the dashboards select by (docs/contracts.md). Prometheus reads a changed file by
 * itself.
 */
public final class PrometheusTargets {

    public static final String PRODUCER_APP = "producer-app";
    public static final String CONSUMER_APP = "consumer-app";

    private PrometheusTargets() {}

    /** Writes both files into {@code dir} (created if missing), each whole or not at all; returns their paths. */
    public static List<Path> write(Path dir, Workers workers) throws IOException {
        Files.createDirectories(dir);
        return List.of(
                writeAtomically(dir, PRODUCER_APP, render(PRODUCER_APP, workers.producers())),
                writeAtomically(dir, CONSUMER_APP, render(CONSUMER_APP, workers.consumers())));
    }

    /** {@code app}'s targets file: one group per instance, its {@code member} the name scripts/lab gives it. */
    static String render(String app, List<URI> instances) {
        StringBuilder out = new StringBuilder("---\n# Written by lab-runner targets: the ")
                .append(app)
                .append(" instances it was given.\n");
        for (int i = 0; i < instances.size(); i++) {
            URI url = instances.get(i);
            String target = url.getHost() + ":" + Urls.port(url);
            out.append("- targets: [")
                    .append(url.getHost().startsWith("[") ? "\"" + target + "\"" : target)
                    .append("]\n  labels:\n    app: ")
                    .append(app)
                    .append("\n    member: ")
                    .append(member(app, i + 1))
                    .append('\n');
            // The job's scheme and path hold for the rest: an instance that differs says so for itself.
            if ("https".equalsIgnoreCase(url.getScheme())) {
                out.append("    __scheme__: https\n");
            }
            String path = url.getRawPath() == null ? "" : url.getRawPath().replaceAll("/+$", "");
            if (!path.isEmpty()) {
                out.append("    __metrics_path__: \"").append(path).append("/actuator/prometheus\"\n");
            }
        }
        return out.toString();
    }

    /** scripts/lab's names: {@code producer-app}, then {@code producer-app-2} and on. */
    static String member(String app, int index) {
        return index == 1 ? app : app + "-" + index;
    }

    /** A temporary file beside the target, renamed over it: Prometheus never reads half a file. */
    private static Path writeAtomically(Path dir, String app, String content) throws IOException {
        Path target = dir.resolve(app + ".yml");
        Path tmp = Files.createTempFile(dir, "." + app + ".", ".tmp");
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            // Not secret, and Prometheus may run as another user: readable by all, as scripts/lab writes its own.
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its own defaults hold
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
