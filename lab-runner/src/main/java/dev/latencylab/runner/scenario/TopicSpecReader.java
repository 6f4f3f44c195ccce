package dev.latencylab.runner.scenario;

import static dev.latencylab.runner.scenario.ScenarioFields.optionalInteger;
import static dev.latencylab.runner.scenario.ScenarioFields.show;
import static dev.latencylab.runner.scenario.ScenarioFields.unknownFields;

import dev.latencylab.api.accounting.AccountingLimits;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** Reads a phase's {@code topic}: the name of one that exists, or the layout the runner creates. */
final class TopicSpecReader {

    static final Set<String> TOPIC_FIELDS =
            Set.of("name", "partitions", "replicationFactor", "minInsyncReplicas", "configs", "keep");
    /** A topic name, with {@code {phase}} standing for the phase's name. */
    private static final Pattern TOPIC_NAME = Pattern.compile("[A-Za-z0-9._{}-]{1,249}");

    private TopicSpecReader() {}

    /** Checked when the scenario is loaded, so validate refuses it, not the producer-app half-way through a run. */
    private static String outsideLab(JsonNode name) {
        return "must start with " + TopicSpec.LAB_PREFIX + " (" + TopicSpec.LAB_ONLY + "), got " + show(name);
    }

    /** A topic's name, or a mapping with its name and the layout the runner creates it with. */
    static TopicSpec read(JsonNode v, String field, ScenarioProblems problems) {
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (v.isString()) {
            if (!TopicSpec.labs(v.asString())) {
                problems.add(field, outsideLab(v));
                return null;
            }
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
        if (!TopicSpec.labs(name.asString())) {
            problems.add(field + ".name", outsideLab(name));
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
}
