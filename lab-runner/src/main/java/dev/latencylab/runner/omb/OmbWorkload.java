package dev.latencylab.runner.omb;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * An OpenMessaging Benchmark workload file as its fields: numbers checked as numbers, OMB's own
 * defaults where a field is absent, and a field OMB's workload does not have kept aside to be named.
 * OMB's sample workloads write some values as shell placeholders ({@code ${ombTestDuration:-15}}):
 * the default after {@code :-} is taken, and said.
 */
final class OmbWorkload {

    /** The fields of OMB's workload format (its Workload class), by the names its files use. */
    static final Set<String> FIELDS = Set.of(
            "name",
            "topics",
            "partitionsPerTopic",
            "keyDistributor",
            "messageSize",
            "useRandomizedPayloads",
            "randomBytesRatio",
            "randomizedPayloadPoolSize",
            "payloadFile",
            "subscriptionsPerTopic",
            "producersPerTopic",
            "consumerPerSubscription",
            "messageRateReceivedForSubscription",
            "producerRate",
            "producerStartRate",
            "acceptableBacklog",
            "producerIncrementRate",
            "producerIncrementSeconds",
            "consumerBacklogSizeGB",
            "producerPauseBeforeDrain",
            "producerPauseDuringDrain",
            "testDurationMinutes",
            "warmupDurationMinutes");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[A-Za-z0-9_.]+:-([^}]*)}");
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private final JsonNode root;
    private final List<String> problems = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private OmbWorkload(JsonNode root) {
        this.root = root;
    }

    static OmbWorkload parse(String source, String text) {
        JsonNode root = mapping(source, text, "an OMB workload");
        if (root.has("phases")) {
            throw new OmbRefusedException(
                    List.of(source + ": has 'phases': a lab scenario already (run it as it is), not an OMB workload"));
        }
        return new OmbWorkload(root);
    }

    /** {@code text}'s YAML tree, refused unless it is a mapping, as OMB's files ({@code kind}) are. */
    static JsonNode mapping(String source, String text, String kind) {
        JsonNode root;
        try {
            root = YAML.readTree(text);
        } catch (JacksonException e) {
            throw new OmbRefusedException(List.of(source + ": not valid YAML: " + e.getOriginalMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new OmbRefusedException(List.of(source + ": " + kind + " is a mapping of fields"));
        }
        return root;
    }

    /**
     * Whether the text reads as an OMB workload rather than a lab scenario: a mapping without
     * {@code phases} that has a field of OMB's format the lab's scenarios do not have.
     */
    static boolean looksLikeOne(String text) {
        try {
            JsonNode root = YAML.readTree(text);
            return root != null
                    && root.isObject()
                    && !root.has("phases")
                    && root.propertyNames().stream().anyMatch(f -> FIELDS.contains(f) && !f.equals("name"));
        } catch (JacksonException e) {
            return false;
        }
    }

    /** The fields given that OMB's workload format does not have, by name. */
    List<String> unknownFields() {
        return root.propertyNames().stream().filter(f -> !FIELDS.contains(f)).toList();
    }

    boolean has(String field) {
        return root.has(field) && !root.get(field).isNull();
    }

    String text(String field) {
        JsonNode v = root.path(field);
        return v.isMissingNode() || v.isNull() ? null : v.asString();
    }

    /** A whole number; {@code fallback} (OMB's default) when absent; a problem, and the fallback, when not one. */
    long number(String field, long fallback) {
        JsonNode v = root.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return fallback;
        }
        if (v.isIntegralNumber()) {
            return v.asLong();
        }
        if (v.isString()) {
            Matcher m = PLACEHOLDER.matcher(v.asString().trim());
            if (m.matches() && m.group(1).trim().matches("\\d+")) {
                notes.add(field + ": " + v.asString() + " is a placeholder OMB's scripts fill in; its default "
                        + m.group(1).trim() + " is used");
                return Long.parseLong(m.group(1).trim());
            }
        }
        problems.add(field + ": must be a whole number, got " + v);
        return fallback;
    }

    boolean flag(String field) {
        JsonNode v = root.path(field);
        return v.isBoolean() ? v.asBoolean() : Boolean.parseBoolean(v.asString());
    }

    List<String> problems() {
        return problems;
    }

    List<String> notes() {
        return notes;
    }
}
