package dev.latencylab.checks;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A bash snippet run from the repository root with scripts/lib's files sourced in scripts/lab's order, and a
 * LAB_DIR of its own: a function of the scripts tested alone, with stand-ins where it would reach the host.
 */
final class LabShell {

    private static final String SOURCE_LIBS = "set -euo pipefail;"
            + " for lib in common cds procs local-stack far-producer ns-hosts existing-cluster podman compose helm setup lock; do"
            + " source scripts/lib/$lib.sh; done;";

    private LabShell() {}

    static Tools.Result run(Path labDir, Map<String, String> env, String script) {
        return Tools.run(Duration.ofSeconds(60), Repo.ROOT, environment(labDir, env), command(script));
    }

    /**
     * The snippet started and not waited for, to be signalled while it runs; what it says (standard output and
     * error) goes to {@code output}. Its pid is the bash's that runs the snippet ({@code env} execs it).
     */
    static Process start(Path labDir, Map<String, String> env, String script, Path output) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command(script))
                .directory(Repo.ROOT.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().putAll(environment(labDir, env));
        return builder.start();
    }

    private static Map<String, String> environment(Path labDir, Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("LAB_DIR", labDir.toString());
        return all;
    }

    private static List<String> command(String script) {
        // Whatever runs these tests may hold the lab's lock, or have a Grafana password of its own: a snippet
        // starts without either (it may export them itself).
        return List.of(
                "env",
                "-u",
                "LAB_LOCK_HELD",
                "-u",
                "GRAFANA_ADMIN_PASSWORD",
                "bash",
                "-c",
                SOURCE_LIBS + "\n" + script);
    }
}
