package dev.latencylab.runner.scenario;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.kafka.clientproperties.ClientPropertyCheck;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads one entry of a scenario's {@code phases}, already checked against the schema: merged over
 * the {@code defaults} and held to the schema's {@code runnablePhase} (what is given, what rules out
 * what), bound by Jackson into {@link PhaseFile} (the settings by lab-api's own readers, through
 * {@link ProducerSettings#fromJson} and {@link ConsumerSettings#fromJson}), then held to the rules
 * no schema can say as they compare values or read files: a sample file inside the payload folder
 * and Kafka properties the client knows; a topic's name once {@code {phase}} is replaced and its
 * min.insync.replicas within its replication factor; fault steps in order inside the window
 * ({@link FaultSequence}); jitter within the round trip ({@link NetworkDelay}).
 */
final class PhaseReader {

    /** A phase as the file gives it, with its defaults merged in. */
    record PhaseFile(
            String name,
            ProducerSettings settings,
            Duration warmup,
            Duration duration,
            TopicSpec topic,
            ConsumerSettings consumer,
            Integer backlog,
            List<TimedFault> faults,
            NetworkDelay network,
            Integer producers) {}

    /** Fields a phase's value replaces whole; the others (settings, consumer) merge field by field. */
    private static final Set<String> WHOLE = Set.of("topic", "network");

    private final YAMLMapper yaml;
    private final PayloadFolder payloads;

    PhaseReader(YAMLMapper yaml, PayloadFolder payloads) {
        this.yaml = yaml;
        this.payloads = payloads;
    }

    /** The phase, or null when it has a problem (added to {@code problems}). */
    Phase read(ObjectNode own, ObjectNode defaults, int index, ScenarioProblems problems) {
        ObjectNode merged = over(defaults.deepCopy(), own);
        String label = label(index, own.path("name").asString());
        if (!ScenarioSchema.checkRunnable(merged, label, problems)) {
            return null;
        }
        boolean maxRate = "max".equals(merged.path("settings").path("rate").asString());
        if (maxRate) {
            ((ObjectNode) merged.path("settings")).put("rate", ScenarioLoader.MAX_RATE_SEARCH_START);
        }
        PhaseFile file;
        try {
            file = yaml.treeToValue(merged, PhaseFile.class);
        } catch (JacksonException e) {
            refused(e, label, problems);
            return null;
        }
        return checked(file, maxRate, label, problems);
    }

    private Phase checked(PhaseFile file, boolean maxRate, String label, ScenarioProblems problems) {
        try {
            if (file.settings().payload() == PayloadKind.SAMPLE) {
                // Refused before the run starts, from the producer's one folder, with its own reading of the file.
                payloads.read(file.settings().payloadFile());
            }
            ClientPropertyCheck.producer("producerConfig", file.settings().producerConfig());
        } catch (BadSettingsException e) {
            problems.add(label + "settings." + e.field(), withoutField(e));
        }
        if (file.consumer() != null) {
            try {
                ClientPropertyCheck.consumer("consumerConfig", file.consumer().consumerConfig());
            } catch (BadSettingsException e) {
                problems.add(label + "consumer." + e.field(), withoutField(e));
            }
        }
        TopicSpec topic = file.topic() == null ? null : topic(file.topic().forPhase(file.name()), label, problems);
        List<TimedFault> faults = file.faults() == null ? List.of() : file.faults();
        FaultSequence.check(faults, file.duration(), label + "faults", problems);
        return new Phase(
                file.name(),
                file.settings(),
                file.warmup(),
                file.duration(),
                topic,
                maxRate,
                1,
                file.consumer(),
                file.backlog(),
                faults,
                file.network(),
                file.producers());
    }

    private static TopicSpec topic(TopicSpec topic, String label, ScenarioProblems problems) {
        if (!SettingsLimits.topicAccepted(topic.name())) {
            problems.add(label + "topic.name", SettingsLimits.describeTopic("") + ", got '" + topic.name() + "'");
        }
        // The lab's default too: a topic created with fewer replicas than it takes refuses every acks=all send.
        boolean given = topic.minInsyncReplicas() != null;
        if ((given || topic.created()) && topic.minInsyncReplicasOrDefault() > topic.replicationFactorOrDefault()) {
            problems.add(
                    label + "topic.minInsyncReplicas",
                    (given ? "" : "the lab's " + TopicSpec.DEFAULT_MIN_INSYNC_REPLICAS + " (not given) ")
                            + "must not exceed the replication factor (" + topic.replicationFactorOrDefault() + ")");
        }
        return topic;
    }

    /** {@code own} over {@code base}: a field's value replaces the base's, but settings and consumer merge field by field. */
    private static ObjectNode over(ObjectNode base, JsonNode own) {
        for (Map.Entry<String, JsonNode> e : own.properties()) {
            if (base.get(e.getKey()) instanceof ObjectNode under
                    && e.getValue().isObject()
                    && !WHOLE.contains(e.getKey())) {
                over(under, e.getValue());
            } else {
                base.set(e.getKey(), e.getValue());
            }
        }
        return base;
    }

    /** What binding refused (a rule a record or lab-api's reader holds), at its path in the phase. */
    private static void refused(JacksonException e, String label, ScenarioProblems problems) {
        StringBuilder where = new StringBuilder();
        for (JacksonException.Reference r : e.getPath()) {
            where.append(
                    r.getIndex() >= 0
                            ? "[" + (r.getIndex() + 1) + "]"
                            : (where.isEmpty() ? "" : ".") + r.getPropertyName());
        }
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof BadSettingsException bad) {
            problems.add(label + where + "." + bad.field(), withoutField(bad));
        } else {
            problems.add(
                    label + where, cause instanceof JacksonException j ? j.getOriginalMessage() : cause.getMessage());
        }
    }

    /** The reader's message without its leading field name, which the problem's path already gives. */
    private static String withoutField(BadSettingsException e) {
        String message = e.getMessage();
        return message.startsWith(e.field() + " ") ? message.substring(e.field().length() + 1) : message;
    }

    static String label(int index, String name) {
        return "phase " + index + (name == null ? "" : " '" + name + "'") + ": ";
    }
}
