package dev.latencylab.runner.scenario;

import static dev.latencylab.runner.scenario.ScenarioFields.NAME;
import static dev.latencylab.runner.scenario.ScenarioFields.optionalInteger;
import static dev.latencylab.runner.scenario.ScenarioFields.text;
import static dev.latencylab.runner.scenario.ScenarioFields.unknownFields;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.SettingsReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a scenario file and checks every field, reporting all problems at once, each as
 * {@code file: phase N 'name': field: what is wrong}.
 *
 * <p>The tree is walked by hand instead of bound to classes so that an error can say exactly
 * which phase and field it is about, and so that {@code defaults} can fill any phase field.
 *
 * <p>The file's top level is read here; a phase by {@link PhaseReader}, with its settings, topic,
 * faults and network by the readers it calls, all adding to one {@link ScenarioProblems}.
 */
public final class ScenarioLoader {

    static final Set<String> TOP_FIELDS = Set.of("name", "description", "repeat", "defaults", "phases");
    static final Set<String> DEFAULT_FIELDS = Set.of("settings", "warmup", "duration", "topic", "consumer", "network");
    /** Where a {@code rate: max} search starts, records/s: low enough for any laptop, doubled from there. */
    public static final double MAX_RATE_SEARCH_START = 1_000;

    // A key given twice is a mistake, not "the last one wins": refused as the endpoints refuse it.
    private final YAMLMapper yaml = YAMLMapper.builder()
            .enable(tools.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
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
        if (root == null || !root.isObject()) {
            problems.add(
                    "",
                    "the file must be a mapping with 'phases' (and optionally name, description, repeat, defaults)");
            throw problems.exception();
        }
        unknownFields(root, TOP_FIELDS, problems, "");

        String name = text(root, "name", problems, "name");
        if (name == null) {
            name = fallbackName;
        } else if (!NAME.matcher(name).matches()) {
            problems.add(
                    "name",
                    "use 1 to 80 letters, digits, '.', '_' or '-' (it names the results folder), got '" + name + "'");
        }
        String description = text(root, "description", problems, "description");
        // How many interleaved rounds of the phases a run measures (RunPlan); once unless the file says.
        Integer repeat = optionalInteger(root.path("repeat"), 1, Scenario.MAX_REPEAT, "repeat", problems);

        JsonNode defaults = root.path("defaults");
        if (!defaults.isMissingNode() && !defaults.isObject()) {
            problems.add("defaults", "must be a mapping");
            defaults = yaml.createObjectNode();
        }
        unknownFields(defaults, DEFAULT_FIELDS, problems, "defaults");
        unknownFields(defaults.path("settings"), SettingsReader.SETTINGS_FIELDS, problems, "defaults.settings");

        JsonNode phasesNode = root.path("phases");
        List<Phase> phases = new ArrayList<>();
        if (!phasesNode.isArray() || phasesNode.isEmpty()) {
            problems.add("phases", "must be a non-empty list of phases");
        } else {
            Set<String> names = new HashSet<>();
            for (int i = 0; i < phasesNode.size(); i++) {
                Phase phase = phaseReader.read(phasesNode.get(i), defaults, i + 1, problems);
                if (phase != null && !names.add(phase.name())) {
                    problems.add(
                            PhaseReader.label(i + 1, phase.name()) + "name",
                            "is used by an earlier phase; phase names must be unique");
                }
                phases.add(phase);
            }
        }
        if (problems.isEmpty()) {
            // A rate search measures three shares; its steps take ids too, so this is a floor.
            int planned = phases.stream().mapToInt(p -> p.maxRate() ? 3 : 1).sum() * (repeat == null ? 1 : repeat);
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
        // One phase naming consumer settings makes every phase name them (the defaults where a
        // phase says nothing): a phase must not inherit the previous phase's consumer by accident.
        if (phases.stream().anyMatch(p -> p.consumer() != null)) {
            phases = phases.stream()
                    .map(p -> p.consumer() != null ? p : p.withConsumer(ConsumerSettings.DEFAULTS))
                    .toList();
        }
        // The same for the round trip: a phase naming none runs with none added.
        if (phases.stream().anyMatch(p -> p.network() != null)) {
            phases = phases.stream()
                    .map(p -> p.network() != null ? p : p.withNetwork(NetworkDelay.NONE))
                    .toList();
        }
        return new Scenario(name, description, phases, repeat == null ? 1 : repeat);
    }

    private static String defaultName(Path file) {
        String f = file.getFileName().toString();
        return f.replaceFirst("\\.ya?ml$", "");
    }
}
