package dev.latencylab.runner.scenario;

import static dev.latencylab.runner.scenario.ScenarioFields.NAME;
import static dev.latencylab.runner.scenario.ScenarioFields.duration;
import static dev.latencylab.runner.scenario.ScenarioFields.optionalInteger;
import static dev.latencylab.runner.scenario.ScenarioFields.text;
import static dev.latencylab.runner.scenario.ScenarioFields.unknownFields;

import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.api.settings.SettingsReader;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads one entry of a scenario's {@code phases} over its {@code defaults}, and checks the rules
 * that tie its fields together (a backlog or faults need a fixed rate, for one).
 */
final class PhaseReader {

    static final Set<String> PHASE_FIELDS = Set.of(
            "name", "settings", "warmup", "duration", "topic", "consumer", "backlog", "faults", "network", "producers");

    private final YAMLMapper yaml;
    private final PhaseSettingsReader settingsReader;

    PhaseReader(YAMLMapper yaml, PayloadFolder payloads) {
        this.yaml = yaml;
        this.settingsReader = new PhaseSettingsReader(yaml, payloads);
    }

    Phase read(JsonNode node, JsonNode defaults, int index, ScenarioProblems problems) {
        if (!node.isObject()) {
            problems.add("phase " + index, "must be a mapping with name, settings, warmup, duration");
            return null;
        }
        String name = text(node, "name", problems, "phase " + index + ": name");
        String label = label(index, name);
        if (name == null) {
            problems.add(label + "name", "is missing");
        } else if (!NAME.matcher(name).matches()) {
            problems.add(label + "name", "use 1 to 80 letters, digits, '.', '_' or '-', got '" + name + "'");
        }
        unknownFields(node, PHASE_FIELDS, problems, label);
        JsonNode settings = node.path("settings");
        if (!settings.isMissingNode() && !settings.isObject()) {
            problems.add(label + "settings", "must be a mapping");
            settings = yaml.createObjectNode();
        }
        unknownFields(settings, SettingsReader.SETTINGS_FIELDS, problems, label + "settings");
        JsonNode defaultSettings = defaults.path("settings");

        boolean maxRate = PhaseSettingsReader.isMax(settings.path("rate"))
                || (settings.path("rate").isMissingNode() && PhaseSettingsReader.isMax(defaultSettings.path("rate")));
        ProducerSettings producerSettings =
                settingsReader.producer(settings, defaultSettings, maxRate, label, problems);
        Duration warmup = duration(pick(node, defaults, "warmup"), true, label + "warmup", problems);
        Duration duration = duration(pick(node, defaults, "duration"), false, label + "duration", problems);
        TopicSpec topic = TopicSpecReader.read(pick(node, defaults, "topic"), label + "topic", problems);
        if (topic != null && name != null) {
            topic = topic.forPhase(name);
            if (!SettingsLimits.topicAccepted(topic.name())) {
                problems.add(label + "topic.name", SettingsLimits.describeTopic("") + ", got '" + topic.name() + "'");
            }
        }

        ConsumerSettings consumer =
                settingsReader.consumer(node.path("consumer"), defaults.path("consumer"), label, problems);
        if (consumer != null
                && consumer.listener() == ListenerType.SHARE
                && producerSettings != null
                && producerSettings.transactionMs() > 0) {
            // A transaction's marker takes an offset no share consumer is given, and the share ledger's
            // in-order point cannot pass an offset it is never told about.
            problems.add(
                    label + "consumer.listener",
                    "share cannot read a phase sent in transactions (settings.transactionMs above 0): the lab's"
                            + " share ledger cannot pass the offsets of their markers, so the phase would never close");
        }
        // A backlog phase drains what it piled up: its records carry the phase id from the first one.
        Integer backlog = optionalInteger(node.path("backlog"), 1, Phase.MAX_BACKLOG, label + "backlog", problems);
        if (backlog != null && maxRate) {
            problems.add(label + "backlog", "cannot be combined with rate: max (a backlog is built at a fixed rate)");
        }

        List<FaultStep> faults = FaultStepsReader.read(node.path("faults"), duration, label + "faults", problems);
        if (!faults.isEmpty() && (maxRate || backlog != null)) {
            problems.add(label + "faults", "need a phase under steady load (not rate: max, not a backlog)");
        }

        if (producerSettings == null || warmup == null || duration == null) {
            return name == null
                    ? null
                    : new Phase(name, null, null, null, topic, maxRate, 1, null, null, null, null, null);
        }
        NetworkDelay network = NetworkDelayReader.read(pick(node, defaults, "network"), label + "network", problems);
        Integer producers =
                optionalInteger(node.path("producers"), 1, Phase.MAX_PRODUCERS, label + "producers", problems);
        return new Phase(
                name,
                producerSettings,
                warmup,
                duration,
                topic,
                maxRate,
                1,
                consumer,
                backlog,
                faults,
                network,
                producers);
    }

    private static JsonNode pick(JsonNode own, JsonNode fallback, String field) {
        JsonNode value = own.path(field);
        return value.isMissingNode() ? fallback.path(field) : value;
    }

    static String label(int index, String name) {
        return "phase " + index + (name == null ? "" : " '" + name + "'") + ": ";
    }
}
