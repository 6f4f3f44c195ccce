package dev.latencylab.runner.scenario;

import java.nio.file.Path;

/**
 * The JSON Schema of the scenario format, published for editors: a scenario file whose first line
 * names it ({@code # yaml-language-server: $schema=<path>}, a YAML comment the loader skips) is
 * completed and checked as it is typed by any editor that runs the YAML language server.
 */
public final class ScenarioSchema {

    /** Where the schema lives, from the repository's root. */
    public static final Path FILE = Path.of("scenarios", "scenario.schema.json");

    /** The first line of a scenario in {@code scenarios/}, next to the schema. */
    public static final String SHIPPED_HEADER = header(FILE.resolveSibling("any.yaml"), Path.of(""));

    private ScenarioSchema() {}

    /**
     * The first line for a scenario written to {@code scenarioFile}: the schema's path relative to
     * the file's folder, as the language server resolves it, the schema being under {@code root}.
     */
    public static String header(Path scenarioFile, Path root) {
        Path folder = scenarioFile.toAbsolutePath().normalize().getParent();
        Path schema = root.toAbsolutePath().normalize().resolve(FILE);
        return "# yaml-language-server: $schema="
                + folder.relativize(schema).toString().replace('\\', '/');
    }
}
