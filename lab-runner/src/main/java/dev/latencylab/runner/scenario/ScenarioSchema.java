package dev.latencylab.runner.scenario;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import dev.latencylab.api.settings.ExtraProperties;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON Schema of the scenario format, which the loader checks every file against and editors
 * complete and check it by as it is typed: a scenario file whose first line names it ({@code #
 * yaml-language-server: $schema=<path>}, a YAML comment the loader skips) is read so by any editor
 * that runs the YAML language server. Its {@code errorMessage}s say in the lab's words what a
 * pattern or a choice of forms stands for.
 */
public final class ScenarioSchema {

    /** Where the schema lives, from the repository's root (the build copies it onto the class path). */
    public static final Path FILE = Path.of("scenarios", "scenario.schema.json");

    /** The first line of a scenario in {@code scenarios/}, next to the schema. */
    public static final String SHIPPED_HEADER = header(FILE.resolveSibling("any.yaml"), Path.of(""));

    private static final JsonNode TREE = read();
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder()
                    .errorMessageKeyword("errorMessage")
                    .build()));
    private static final Schema SCHEMA = REGISTRY.getSchema(TREE);
    /** What a phase is held to once the defaults are merged in: fields given somewhere, and the ones that rule each other out. */
    private static final Schema RUNNABLE = REGISTRY.getSchema(TREE.path("$defs").path("runnablePhase"));

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

    /** Adds a problem for every place the file's tree breaks the schema, named by its path in the file. */
    static void check(JsonNode root, ScenarioProblems problems) {
        report(SCHEMA.validate(root), problems, e -> where(e.getInstanceLocation(), e.getProperty(), root));
    }

    /**
     * Adds a problem, named {@code label} and its path in the phase, for every rule of a runnable
     * phase it breaks; whether it has every field it needs, so that binding it can find more.
     */
    static boolean checkRunnable(JsonNode merged, String label, ScenarioProblems problems) {
        List<Error> errors = RUNNABLE.validate(merged);
        report(errors, problems, e -> label + field(e.getInstanceLocation(), 0, e.getProperty()));
        return errors.stream().noneMatch(e -> "required".equals(e.getKeyword()));
    }

    private static void report(List<Error> errors, ScenarioProblems problems, Function<Error, String> where) {
        errors.stream().filter(e -> !saidBetter(e, errors)).forEach(e -> problems.add(where.apply(e), what(e)));
    }

    /**
     * Whether another error says what is wrong better: one of the forms' errors under a oneOf with
     * a message of its own; or, under one without, its "valid to none of the forms" and a form's
     * "wrong type" when the form the value has gives errors of its own.
     */
    private static boolean saidBetter(Error e, List<Error> all) {
        if (all.stream()
                .anyMatch(o -> alternatives(o)
                        && o.isCustomMessage()
                        && o != e
                        && e.getInstanceLocation().startsWith(o.getInstanceLocation())
                        && e.getEvaluationPath().startsWith(o.getEvaluationPath()))) {
            return true;
        }
        return vague(e)
                && all.stream()
                        .anyMatch(o -> o != e
                                && o.getInstanceLocation().startsWith(e.getInstanceLocation())
                                && (!vague(o) || !o.getInstanceLocation().equals(e.getInstanceLocation())));
    }

    /** A oneOf's "valid to none of the forms" without a message of its own, or one form's "wrong type". */
    private static boolean vague(Error e) {
        return (alternatives(e) && !e.isCustomMessage())
                || ("type".equals(e.getKeyword()) && e.getEvaluationPath().contains("oneOf"));
    }

    private static boolean alternatives(Error e) {
        return "oneOf".equals(e.getKeyword());
    }

    private static String what(Error e) {
        JsonNode given = e.getInstanceNode();
        return switch (e.getKeyword()) {
            case "additionalProperties" ->
                ExtraProperties.movedToClientConfig(String.valueOf(e.getProperty()))
                        .map(moved -> "unknown field: " + moved)
                        .orElseGet(() -> "unknown field (known here: " + known(e) + ")");
            case "required" -> e.isCustomMessage() ? e.getMessage() : "is missing";
            default ->
                e.getMessage()
                        + (given == null || !given.isValueNode()
                                ? ""
                                : ", got " + (given.isString() ? "'" + given.asString() + "'" : given));
        };
    }

    /** The fields the schema names beside the one refused, from the schema object that refuses it. */
    private static String known(Error e) {
        JsonNode refusing =
                TREE.at(e.getSchemaLocation().getFragment().getParent().toString());
        return String.join(", ", new TreeSet<>(refusing.path("properties").propertyNames()));
    }

    /**
     * A place in the file as problems name it: {@code phase 2 'linger-5': settings.lingerMs},
     * {@code defaults.topic.name}, {@code phase 1 'a': faults[3].at} (list items from 1).
     */
    static String where(NodePath path, String property, JsonNode root) {
        if (path.getNameCount() < 2
                || !"phases".equals(path.getElement(0))
                || !(path.getElement(1) instanceof Integer n)) {
            return field(path, 0, property);
        }
        JsonNode name = root.path("phases").path(n).path("name");
        return PhaseReader.label(n + 1, name.isString() ? name.asString() : null) + field(path, 2, property);
    }

    /** The path from element {@code from} on: {@code settings.lingerMs}, {@code faults[3].at} (list items from 1). */
    private static String field(NodePath path, int from, String property) {
        StringBuilder field = new StringBuilder();
        for (int i = from; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            field.append(element instanceof Integer n ? "[" + (n + 1) + "]" : (field.isEmpty() ? "" : ".") + element);
        }
        if (property != null) {
            field.append(field.isEmpty() ? "" : ".").append(property);
        }
        return field.toString();
    }

    private static JsonNode read() {
        try (InputStream in =
                ScenarioSchema.class.getResourceAsStream(FILE.getFileName().toString())) {
            if (in == null) {
                throw new IllegalStateException(
                        FILE.getFileName() + " is missing from the class path (the build copies it)");
            }
            return JsonMapper.builder().build().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
