package dev.latencylab.runner.scenario;

import dev.latencylab.api.accounting.AccountingLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a scenario file and checks every field, reporting all problems at once, each as
 * {@code file: phase N 'name': field: what is wrong}: first against {@link ScenarioSchema} (names,
 * types, ranges, unknown fields), then, bound by Jackson into records, against the rules that tie
 * fields together ({@link PhaseReader} says which), so that {@code defaults} can fill any phase field.
 */
public final class ScenarioLoader {

    /** Where a {@code rate: max} search starts, records/s: low enough for any laptop, doubled from there. */
    public static final double MAX_RATE_SEARCH_START = 1_000;

    /** A file's top level as the schema lets it through; its phases are bound one by one over the defaults. */
    record ScenarioFile(
            String name, String description, Integer repeat, ObjectNode defaults, List<ObjectNode> phases) {}

    // A key given twice is a mistake, not "the last one wins": refused as the endpoints refuse it.
    private final YAMLMapper yaml = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // The schema says which fields are true or false; one not given is false (a topic's keep).
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .addModule(new SimpleModule().addDeserializer(Duration.class, new Durations.Reader()))
            .build();
    private final PhaseReader phaseReader;

    /** A loader whose scenarios name payload files relative to this process's working folder. */
    public ScenarioLoader() {
        this(Path.of(""));
    }

    /** A loader whose scenarios name payload files relative to {@code workingFolder}, and from its {@code scenarios/payloads} only. */
    public ScenarioLoader(Path workingFolder) {
        this.phaseReader = new PhaseReader(yaml, new PayloadFolder(workingFolder));
    }

    public Scenario load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ScenarioException(List.of(file + ": cannot read the file (" + e.getMessage() + ")"));
        }
        return parse(file.toString(), defaultName(file), text);
    }

    /** Parses scenario text; {@code source} names it in errors, {@code fallbackName} is used when it has no name. */
    public Scenario parse(String source, String fallbackName, String text) {
        JsonNode root;
        try {
            root = yaml.readTree(text);
        } catch (JacksonException e) {
            throw new ScenarioException(List.of(source + ": not valid YAML: " + e.getOriginalMessage()));
        }
        ScenarioProblems problems = new ScenarioProblems(source);
        ScenarioSchema.check(root == null || root.isMissingNode() ? yaml.nullNode() : root, problems);
        if (!problems.isEmpty()) {
            throw problems.exception();
        }
        ScenarioFile file = yaml.treeToValue(root, ScenarioFile.class);
        int repeat = file.repeat() == null ? 1 : file.repeat();
        // One phase naming consumer settings or a round trip makes every phase name them, an empty block
        // (the consumer's defaults, no delay) where it says nothing: none inherits the previous phase's by accident.
        ObjectNode defaults = file.defaults() == null ? yaml.createObjectNode() : file.defaults();
        for (String block : List.of("consumer", "network")) {
            if (!defaults.has(block) && file.phases().stream().anyMatch(p -> p.has(block))) {
                file.phases().stream().filter(p -> !p.has(block)).forEach(p -> p.putObject(block));
            }
        }
        List<Phase> phases = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < file.phases().size(); i++) {
            Phase phase = phaseReader.read(file.phases().get(i), defaults, i + 1, problems);
            if (phase != null && !names.add(phase.name())) {
                problems.add(
                        PhaseReader.label(i + 1, phase.name()) + "name",
                        "is used by an earlier phase; phase names must be unique");
            }
            phases.add(phase);
        }
        if (problems.isEmpty()) {
            // A rate search measures three shares; its steps take ids too, so this is a floor.
            int planned = phases.stream().mapToInt(p -> p.maxRate() ? 3 : 1).sum() * repeat;
            if (planned > AccountingLimits.MAX_PHASES_PER_RUN) {
                problems.add(
                        "phases",
                        "make " + planned + " phases with the repeats, more than the "
                                + AccountingLimits.MAX_PHASES_PER_RUN
                                + " one run has phase ids for: split the scenario or lower repeat");
            }
        }
        if (!problems.isEmpty()) {
            throw problems.exception();
        }
        return new Scenario(file.name() == null ? fallbackName : file.name(), file.description(), phases, repeat);
    }

    private static String defaultName(Path file) {
        String f = file.getFileName().toString();
        return f.replaceFirst("\\.ya?ml$", "");
    }
}
