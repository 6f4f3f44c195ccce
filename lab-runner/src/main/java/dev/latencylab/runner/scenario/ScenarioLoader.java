package dev.latencylab.runner.scenario;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ConsumerSettingsReader;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SampleFile;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.api.settings.SettingsReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a scenario file and checks every field, reporting all problems at once, each as
 * {@code file: phase N 'name': field: what is wrong}.
 *
 * <p>The tree is walked by hand instead of bound to classes so that an error can say exactly
 * which phase and field it is about, and so that {@code defaults} can fill any phase field.
 */
public final class ScenarioLoader {

    private static final Set<String> TOP_FIELDS = Set.of("name", "description", "repeat", "defaults", "phases");
    /** Records; 5 million of 1 KB is 15 GB on three replicas, past what a laptop lab should write. */
    static final int MAX_BACKLOG = 5_000_000;
    /** producer-app instances a phase may drive (scripts/lab up --producers starts up to 8). */
    static final int MAX_PRODUCERS = 8;

    private static final Set<String> PHASE_FIELDS = Set.of(
            "name", "settings", "warmup", "duration", "topic", "consumer", "backlog", "faults", "network", "producers");
    private static final Set<String> DEFAULT_FIELDS =
            Set.of("settings", "warmup", "duration", "topic", "consumer", "network");
    private static final Set<String> TOPIC_FIELDS =
            Set.of("name", "partitions", "replicationFactor", "minInsyncReplicas", "configs", "keep");
    /** Where a {@code rate: max} search starts, records/s: low enough for any laptop, doubled from there. */
    public static final double MAX_RATE_SEARCH_START = 1_000;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    /** A topic name, with {@code {phase}} standing for the phase's name. */
    private static final Pattern TOPIC_NAME = Pattern.compile("[A-Za-z0-9._{}-]{1,249}");

    // A key given twice is a mistake, not "the last one wins": refused as the endpoints refuse it.
    private final YAMLMapper yaml = YAMLMapper.builder()
            .enable(tools.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

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
        Problems problems = new Problems(source);
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
                    "name", "use letters, digits, '.', '_' or '-' (it names the results folder), got '" + name + "'");
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
                Phase phase = phase(phasesNode.get(i), defaults, i + 1, problems);
                if (phase != null && !names.add(phase.name())) {
                    problems.add(
                            phaseLabel(i + 1, phase.name()) + "name",
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

    /** {@code network: {rttMs: 50, jitterMs: 0, lossPercent: 0, receiveBufferBytes: 102400}}; null when absent. */
    private static NetworkDelay network(JsonNode node, String field, Problems problems) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(field, "must be a mapping such as {rttMs: 50}");
            return null;
        }
        unknownFields(node, Set.of("rttMs", "jitterMs", "lossPercent", "receiveBufferBytes"), problems, field);
        JsonNode buffer = node.path("receiveBufferBytes");
        int receiveBuffer = NetworkDelay.BROKER_RECEIVE_BUFFER;
        if (!buffer.isMissingNode()) {
            if (buffer.isIntegralNumber()
                    && (buffer.asInt() == -1 || (buffer.asInt() >= 1024 && buffer.asInt() <= 64 * 1024 * 1024))) {
                receiveBuffer = buffer.asInt();
            } else {
                problems.add(
                        field + ".receiveBufferBytes",
                        "must be -1 (the kernel tunes it) or 1024..67108864, got " + buffer);
            }
        }
        double rtt = number(node.path("rttMs"), 0, NetworkDelay.MAX_RTT_MS, field + ".rttMs", problems);
        double jitter = number(node.path("jitterMs"), 0, NetworkDelay.MAX_RTT_MS, field + ".jitterMs", problems);
        double loss = number(node.path("lossPercent"), 0, 100, field + ".lossPercent", problems);
        if (jitter > rtt) {
            problems.add(field + ".jitterMs", "must not exceed rttMs");
            return null;
        }
        return new NetworkDelay(rtt, jitter, loss, receiveBuffer);
    }

    private static double number(JsonNode v, double min, double max, String field, Problems problems) {
        if (v.isMissingNode()) {
            return 0;
        }
        if (!v.isNumber() || v.asDouble() < min || v.asDouble() > max) {
            problems.add(field, "must be a number from " + (long) min + " to " + (long) max + ", got " + v);
            return 0;
        }
        return v.asDouble();
    }

    private Phase phase(JsonNode node, JsonNode defaults, int index, Problems problems) {
        if (!node.isObject()) {
            problems.add("phase " + index, "must be a mapping with name, settings, warmup, duration");
            return null;
        }
        String name = text(node, "name", problems, "phase " + index + ": name");
        String label = phaseLabel(index, name);
        if (name == null) {
            problems.add(label + "name", "is missing");
        } else if (!NAME.matcher(name).matches()) {
            problems.add(label + "name", "use letters, digits, '.', '_' or '-', got '" + name + "'");
        }
        unknownFields(node, PHASE_FIELDS, problems, label);
        JsonNode settings = node.path("settings");
        if (!settings.isMissingNode() && !settings.isObject()) {
            problems.add(label + "settings", "must be a mapping");
            settings = yaml.createObjectNode();
        }
        unknownFields(settings, SettingsReader.SETTINGS_FIELDS, problems, label + "settings");
        JsonNode defaultSettings = defaults.path("settings");

        boolean maxRate = isMax(settings.path("rate"))
                || (settings.path("rate").isMissingNode() && isMax(defaultSettings.path("rate")));
        ProducerSettings producerSettings = settings(settings, defaultSettings, maxRate, label, problems);
        Duration warmup = duration(pick(node, defaults, "warmup"), true, label + "warmup", problems);
        Duration duration = duration(pick(node, defaults, "duration"), false, label + "duration", problems);
        TopicSpec topic = topic(pick(node, defaults, "topic"), label + "topic", problems);
        if (topic != null && name != null) {
            topic = topic.forPhase(name);
            if (!SettingsLimits.topicAccepted(topic.name())) {
                problems.add(label + "topic.name", SettingsLimits.describeTopic("") + ", got '" + topic.name() + "'");
            }
        }

        ConsumerSettings consumer = consumer(node.path("consumer"), defaults.path("consumer"), label, problems);
        // A backlog phase drains what it piled up: its records carry the phase id from the first one.
        Integer backlog = optionalInteger(node.path("backlog"), 1, MAX_BACKLOG, label + "backlog", problems);
        if (backlog != null && maxRate) {
            problems.add(label + "backlog", "cannot be combined with rate: max (a backlog is built at a fixed rate)");
        }

        List<FaultStep> faults = faults(node.path("faults"), duration, label + "faults", problems);
        if (!faults.isEmpty() && (maxRate || backlog != null)) {
            problems.add(label + "faults", "need a phase under steady load (not rate: max, not a backlog)");
        }

        if (producerSettings == null || warmup == null || duration == null) {
            return name == null ? null : new Phase(name, null, null, null, topic, maxRate, 1);
        }
        NetworkDelay network = network(pick(node, defaults, "network"), label + "network", problems);
        Integer producers = optionalInteger(node.path("producers"), 1, MAX_PRODUCERS, label + "producers", problems);
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

    /**
     * {@code faults: [{at: 20s, kill: leader}, {at: 50s, restart: leader}]}: each step a time inside
     * the measured window and one of kill, stop or restart with a broker ({@code leader}, a node
     * id or {@code kafka-N}); a restart must follow a kill or stop of the same broker.
     */
    private static List<FaultStep> faults(JsonNode node, Duration duration, String field, Problems problems) {
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            problems.add(field, "must be a list of steps such as {at: 20s, kill: leader}");
            return List.of();
        }
        List<FaultStep> steps = new ArrayList<>();
        java.util.Set<String> down = new java.util.HashSet<>();
        Duration previous = Duration.ZERO;
        int i = 0;
        for (JsonNode step : node) {
            i++;
            String where = field + "[" + i + "]";
            if (!step.isObject()) {
                problems.add(where, "must be a mapping such as {at: 20s, kill: leader}");
                continue;
            }
            unknownFields(step, Set.of("at", "kill", "stop", "restart"), problems, where);
            Duration at = duration(step.path("at"), true, where + ".at", problems);
            List<FaultStep.Action> actions = java.util.Arrays.stream(FaultStep.Action.values())
                    .filter(a -> step.has(a.label()))
                    .toList();
            if (actions.size() != 1) {
                problems.add(where, "needs exactly one of kill, stop or restart, got " + actions.size());
                continue;
            }
            FaultStep.Action action = actions.get(0);
            JsonNode target = step.path(action.label());
            String broker = target.isIntegralNumber() ? target.asString() : target.isString() ? target.asString() : "";
            if (!FaultStep.validBroker(broker)) {
                problems.add(
                        where + "." + action.label(),
                        "must be leader, a node id or kafka-N, got '" + (target.isString() ? broker : target) + "'");
                continue;
            }
            String key = FaultStep.nodeId(broker).map(String::valueOf).orElse(FaultStep.LEADER);
            if (action.takesDown() && !down.add(key)) {
                problems.add(where, "broker " + broker + " is already down at that point");
            } else if (!action.takesDown() && !down.remove(key)) {
                problems.add(where, "restart " + broker + " needs an earlier kill or stop of it in the phase");
            }
            if (at == null) {
                continue;
            }
            if (duration != null && at.compareTo(duration) >= 0) {
                problems.add(
                        where + ".at", "must be inside the measured window (under " + Durations.format(duration) + ")");
            } else if (at.compareTo(previous) < 0) {
                problems.add(where + ".at", "steps must be in time order");
            }
            previous = at;
            steps.add(new FaultStep(at, action, broker));
        }
        return steps;
    }

    /**
     * The phase's consumer settings over the defaults' and {@link ConsumerSettings#DEFAULTS}, read
     * by the same reader as {@code /actuator/consumer}; null when neither names any.
     */
    private ConsumerSettings consumer(JsonNode own, JsonNode defaults, String label, Problems problems) {
        if (own.isMissingNode() && defaults.isMissingNode()) {
            return null;
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (JsonNode block : List.of(defaults, own)) {
            if (block.isMissingNode()) {
                continue;
            }
            if (!block.isObject()) {
                problems.add(label + "consumer", "must be a mapping of consumer settings");
                return null;
            }
            fields.putAll(asMap(block));
        }
        List<BadSettingsException> refused = new ArrayList<>();
        ConsumerSettings read = ConsumerSettingsReader.settings(fields, ConsumerSettings.DEFAULTS, refused);
        for (BadSettingsException e : refused) {
            problems.add(label + "consumer." + e.field(), withoutField(e));
        }
        return read;
    }

    /** The reader's message without its leading field name, which the problem's path already gives. */
    private static String withoutField(BadSettingsException e) {
        String message = e.getMessage();
        return message.startsWith(e.field() + " ") ? message.substring(e.field().length() + 1) : message;
    }

    private static boolean isMax(JsonNode rate) {
        return rate.isString() && rate.asString().trim().equalsIgnoreCase("max");
    }

    /**
     * The phase's settings over the defaults', read and checked by the same reader as the
     * producer's endpoint, so a value refused there is refused here, before anything starts.
     * Every setting but keyStrategy must be given; keys default to order ids.
     */
    private ProducerSettings settings(
            JsonNode own, JsonNode defaults, boolean maxRate, String label, Problems problems) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("keyStrategy", KeyStrategy.ORDER_ID.label());
        fields.putAll(asMap(defaults));
        fields.putAll(asMap(own));
        if (maxRate) {
            fields.put("rate", MAX_RATE_SEARCH_START);
        }
        List<BadSettingsException> refused = new ArrayList<>();
        SettingsChange read = SettingsReader.change(fields, SettingsReader.SETTINGS_FIELDS, refused);
        Set<String> reported = new HashSet<>();
        for (BadSettingsException e : refused) {
            if (SettingsReader.SETTINGS_FIELDS.contains(e.field()) && reported.add(e.field())) {
                problems.add(label + "settings." + e.field(), withoutField(e));
            }
        }
        // Every setting but the optional ones (keys, payload kind, level, file) must be given.
        for (String field : new TreeSet<>(SettingsReader.SETTINGS_FIELDS)) {
            if (!fields.containsKey(field) && !SettingsReader.OPTIONAL_SETTINGS.contains(field)) {
                problems.add(label + "settings." + field, "is missing (set it in the phase or in defaults)");
                reported.add(field);
            }
        }
        if (!reported.isEmpty()) {
            return null;
        }
        try {
            if (read.payload() == PayloadKind.SAMPLE && read.payloadFile() != null) {
                // Refused before the run starts, with the producer's own reading of the file.
                SampleFile.read(read.payloadFile());
            }
            return new ProducerSettings(
                    read.lingerMs(),
                    read.batchSize(),
                    read.compression(),
                    read.compressionLevel(),
                    read.rate(),
                    read.payloadBytes(),
                    read.keyStrategy(),
                    read.payload() != null ? read.payload() : PayloadKind.WORDS,
                    read.payloadFile(),
                    read.acks(),
                    read.maxInFlight(),
                    read.sendBufferBytes(),
                    read.bufferMemory());
        } catch (BadSettingsException e) {
            problems.add(label + "settings." + e.field(), e.getMessage());
            return null;
        }
    }

    private Map<String, Object> asMap(JsonNode node) {
        if (!node.isObject()) {
            return Map.of();
        }
        return yaml.convertValue(node, new TypeReference<Map<String, Object>>() {});
    }

    private static JsonNode pick(JsonNode own, JsonNode fallback, String field) {
        JsonNode value = own.path(field);
        return value.isMissingNode() ? fallback.path(field) : value;
    }

    private static Integer optionalInteger(JsonNode v, int min, int max, String field, Problems problems) {
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            problems.add(field, "must be an integer from " + min + " to " + max + ", got " + show(v));
            return null;
        }
        return v.asInt();
    }

    private static Duration duration(JsonNode v, boolean zeroAllowed, String field, Problems problems) {
        if (v.isMissingNode() || v.isNull()) {
            problems.add(field, "is missing (e.g. 10s; set it in the phase or in defaults)");
            return null;
        }
        if (!v.isString()) {
            problems.add(field, "must be a duration with a unit such as 10s, 5m or 1m30s, got " + show(v));
            return null;
        }
        try {
            Duration d = Durations.parse(v.asString());
            if (d.isNegative() || (!zeroAllowed && d.isZero())) {
                problems.add(
                        field,
                        "must be " + (zeroAllowed ? "zero or more" : "more than zero") + ", got " + v.asString());
                return null;
            }
            return d;
        } catch (IllegalArgumentException e) {
            problems.add(field, e.getMessage());
            return null;
        }
    }

    /** A topic's name, or a mapping with its name and the layout the runner creates it with. */
    private TopicSpec topic(JsonNode v, String field, Problems problems) {
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (v.isString()) {
            return TopicSpec.existing(v.asString());
        }
        if (!v.isObject()) {
            problems.add(
                    field,
                    "must be a topic name or a mapping with name, partitions, replicationFactor, "
                            + "minInsyncReplicas, configs, keep; got " + show(v));
            return null;
        }
        unknownFields(v, TOPIC_FIELDS, problems, field);
        JsonNode name = v.path("name");
        if (!name.isString() || !TOPIC_NAME.matcher(name.asString()).matches()) {
            problems.add(
                    field + ".name",
                    "is needed: a Kafka topic name ({phase} is replaced by the phase's name), got " + show(name));
            return null;
        }
        Integer partitions = optionalInteger(
                v.path("partitions"), 1, AccountingLimits.MAX_PARTITIONS, field + ".partitions", problems);
        Integer rf = optionalInteger(v.path("replicationFactor"), 1, 32, field + ".replicationFactor", problems);
        Integer minIsr = optionalInteger(v.path("minInsyncReplicas"), 1, 32, field + ".minInsyncReplicas", problems);
        Map<String, String> configs = new LinkedHashMap<>();
        JsonNode c = v.path("configs");
        if (!c.isMissingNode()) {
            if (!c.isObject()) {
                problems.add(field + ".configs", "must be a mapping of Kafka topic configs, got " + show(c));
            } else {
                for (String key : c.propertyNames()) {
                    JsonNode value = c.path(key);
                    if (!value.isValueNode() || value.isNull()) {
                        problems.add(field + ".configs." + key, "must be a value, got " + show(value));
                    } else {
                        configs.put(key, value.asString());
                    }
                }
            }
        }
        JsonNode keep = v.path("keep");
        if (!keep.isMissingNode() && !keep.isBoolean()) {
            problems.add(field + ".keep", "must be true or false, got " + show(keep));
        }
        boolean hasLayout = partitions != null || rf != null || minIsr != null || !configs.isEmpty();
        if (hasLayout && partitions == null) {
            problems.add(field + ".partitions", "is needed when the runner creates the topic (a layout is given)");
        }
        int rfOrDefault = rf != null ? rf : TopicSpec.DEFAULT_REPLICATION_FACTOR;
        if (minIsr != null && minIsr > rfOrDefault) {
            problems.add(field + ".minInsyncReplicas", "must not exceed the replication factor (" + rfOrDefault + ")");
        }
        return new TopicSpec(
                name.asString(),
                partitions,
                rf == null ? null : rf.shortValue(),
                minIsr,
                configs,
                partitions == null || keep.asBoolean(false));
    }

    private static String text(JsonNode node, String field, Problems problems, String label) {
        JsonNode v = node.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isString() && !v.isNumber()) {
            problems.add(label, "must be text, got " + show(v));
            return null;
        }
        return v.asString();
    }

    private static void unknownFields(JsonNode node, Set<String> known, Problems problems, String where) {
        if (!node.isObject()) {
            return;
        }
        for (String field : node.propertyNames()) {
            if (!known.contains(field)) {
                String path = where.isEmpty() ? field : where.endsWith(": ") ? where + field : where + "." + field;
                problems.add(
                        path,
                        "unknown field (known here: "
                                + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    private static String phaseLabel(int index, String name) {
        return "phase " + index + (name == null ? "" : " '" + name + "'") + ": ";
    }

    private static String show(JsonNode v) {
        return v.isString() ? "'" + v.asString() + "'" : v.toString();
    }

    private static String defaultName(Path file) {
        String f = file.getFileName().toString();
        return f.replaceFirst("\\.ya?ml$", "");
    }

    /** Collects problems as "file: where: what". */
    private static final class Problems {
        private final String source;
        private final List<String> items = new ArrayList<>();

        Problems(String source) {
            this.source = source;
        }

        void add(String where, String what) {
            String w = where.strip();
            if (w.endsWith(":")) {
                w = w.substring(0, w.length() - 1);
            }
            items.add(source + (w.isEmpty() ? "" : ": " + w) + ": " + what);
        }

        boolean isEmpty() {
            return items.isEmpty();
        }

        ScenarioException exception() {
            return new ScenarioException(items);
        }
    }
}
