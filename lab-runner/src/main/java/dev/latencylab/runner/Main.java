package dev.latencylab.runner;

import dev.latencylab.runner.cli.Cli;
import java.nio.file.Path;

/** {@code java -jar lab-runner-<version>-exec.jar <command> [options]}. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        // Charts are drawn into files only; set before any AWT class loads.
        System.setProperty("java.awt.headless", "true");
        RunnerLogging.configure();
        int code = new Cli(System.out, System.err, Path.of("").toAbsolutePath()).execute(args);
        System.exit(code);
    }
}
