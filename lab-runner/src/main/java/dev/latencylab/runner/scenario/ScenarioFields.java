package dev.latencylab.runner.scenario;

import java.time.Duration;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The checks every part of a scenario file shares: a value read from the tree is refused with
 * the field named and what was given, never guessed at.
 */
final class ScenarioFields {

    /**
     * A scenario's or a phase's name; it names the results folder, and a phase's is a label value
     * of the producer's {@code lab_phase_info} (bounded there, with room for "#repeat" and a rate
     * search step's suffix).
     */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,79}");

    private ScenarioFields() {}

    static Integer optionalInteger(JsonNode v, int min, int max, String field, ScenarioProblems problems) {
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            problems.add(field, "must be an integer from " + min + " to " + max + ", got " + show(v));
            return null;
        }
        return v.asInt();
    }

    static Duration duration(JsonNode v, boolean zeroAllowed, String field, ScenarioProblems problems) {
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

    static String text(JsonNode node, String field, ScenarioProblems problems, String label) {
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

    static void unknownFields(JsonNode node, Set<String> known, ScenarioProblems problems, String where) {
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

    static String show(JsonNode v) {
        return v.isString() ? "'" + v.asString() + "'" : v.toString();
    }
}
