package dev.latencylab.runner.diff;

import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The scenario phases of a summary.json. Their figures come from {@code repeats.phases}, the
 * runner's own list of every figure per scenario phase with each repeat's value, so a figure a
 * later runner adds is diffed without a change here. A summary from before repeats has no such
 * list: there every number in a phase row is a figure, under its path in the row.
 */
final class SummaryPhases {

    /** Numbers in a phase row that identify it rather than measure it. */
    private static final Set<String> NOT_FIGURES = Set.of("repeat", "phaseId", "settings", "description");
    /** Older rows' names for what rows now hold under counts (the consumer's loss and duplicate counts then). */
    private static final Map<String, String> OLD_NAMES =
            Map.of("lost", "counts.lost", "duplicated", "counts.duplicated");

    private static final String CONSUMER_SETTING = "consumer.settings.";

    private SummaryPhases() {}

    static List<RunPhase> read(JsonNode summary) {
        Map<String, List<JsonNode>> rows = new LinkedHashMap<>();
        summary.path("phases").forEach(r -> rows.computeIfAbsent(r.path("name").asString(""), n -> new ArrayList<>())
                .add(r));
        JsonNode spreads = summary.path("repeats").path("phases");
        return spreads.isArray() && !spreads.isEmpty() ? fromRepeatsList(spreads, rows) : fromRows(rows);
    }

    /** Figures from the runner's list; the setup from its settings and the rows' descriptions. */
    private static List<RunPhase> fromRepeatsList(JsonNode spreads, Map<String, List<JsonNode>> rows) {
        List<RunPhase> phases = new ArrayList<>();
        for (JsonNode s : spreads) {
            String name = s.path("name").asString("");
            List<JsonNode> itsRows = rows.getOrDefault(name, List.of());
            Map<String, Spread> figures = new LinkedHashMap<>();
            s.path("figures")
                    .properties()
                    .forEach(e -> figures.put(
                            e.getKey(), Spread.of(numbers(e.getValue().path("values")))));
            phases.add(new RunPhase(
                    name,
                    s.path("repeats").asInt(itsRows.size()),
                    // Since spreads leave a repeat cut short out, they say whether theirs are; before, any was in.
                    s.path("partial").isBoolean() ? s.path("partial").booleanValue() : partial(itsRows),
                    setup(s.path("settings"), itsRows),
                    figures));
        }
        return phases;
    }

    private static List<RunPhase> fromRows(Map<String, List<JsonNode>> rows) {
        List<RunPhase> phases = new ArrayList<>();
        rows.forEach((name, itsRows) -> phases.add(new RunPhase(
                name,
                itsRows.size(),
                partial(itsRows),
                setup(itsRows.get(0).path("settings"), itsRows),
                figuresOfRows(itsRows))));
        return phases;
    }

    /** Every number of the rows under its path ({@code latencyMs.p99}, {@code cpuCores.brokers.2}), over the rows. */
    private static Map<String, Spread> figuresOfRows(List<JsonNode> rows) {
        List<Map<String, Double>> each = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>();
        for (JsonNode row : rows) {
            Map<String, Double> figures = new LinkedHashMap<>();
            row.properties().forEach(e -> {
                if (!NOT_FIGURES.contains(e.getKey())) {
                    numbers(OLD_NAMES.getOrDefault(e.getKey(), e.getKey()), e.getValue(), figures);
                }
            });
            each.add(figures);
            keys.addAll(figures.keySet());
        }
        Map<String, Spread> spreads = new LinkedHashMap<>();
        keys.forEach(
                k -> spreads.put(k, Spread.of(each.stream().map(f -> f.get(k)).toList())));
        return spreads;
    }

    private static void numbers(String key, JsonNode value, Map<String, Double> into) {
        if (value.isObject()) {
            value.properties().forEach(e -> numbers(key + "." + e.getKey(), e.getValue(), into));
        } else if (value.isNumber()) {
            into.put(key, value.doubleValue());
        } else if (value.isNull()) {
            // A figure the run could not measure: known to exist, without a value.
            into.put(key, null);
        }
    }

    private static List<Double> numbers(JsonNode array) {
        List<Double> values = new ArrayList<>();
        array.forEach(v -> values.add(v.isNumber() ? v.doubleValue() : null));
        return values;
    }

    private static boolean partial(List<JsonNode> rows) {
        return rows.stream()
                .anyMatch(r ->
                        r.path("complete").isBoolean() && !r.path("complete").booleanValue());
    }

    /**
     * The settings, then what the rows' descriptions say: topic, how many partitions were written,
     * the consumer's topic, group and each setting. A value the repeats disagree on shows every one
     * ("a / b").
     */
    private static Map<String, String> setup(JsonNode settings, List<JsonNode> rows) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        flatten("", settings, values);
        for (JsonNode row : rows) {
            JsonNode d = row.path("description");
            if (d.isObject()) {
                flatten("", d, values);
            }
        }
        Map<String, String> setup = new LinkedHashMap<>();
        values.forEach((k, v) -> setup.put(
                k.startsWith(CONSUMER_SETTING) ? "consumer " + k.substring(CONSUMER_SETTING.length()) : k,
                String.join(" / ", v)));
        return setup;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, Set<String>> into) {
        node.properties().forEach(e -> {
            String key = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (v.isObject()) {
                flatten(key + ".", v, into);
            } else {
                into.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(text(key, v));
            }
        });
    }

    /**
     * Partitions by their count: which of them a phase's keys landed on is not what sets it apart;
     * consumer instances and producer-apps by their count too: what each received or sent is a figure
     * of the run, not its setup.
     */
    private static String text(String key, JsonNode v) {
        if (v.isArray()) {
            if (key.equals("partitions") || key.equals("instances") || key.equals("producers")) {
                return Integer.toString(v.size());
            }
            List<String> items = new ArrayList<>();
            v.forEach(i -> items.add(text(key, i)));
            return String.join(", ", items);
        }
        if (v.isContainer()) {
            return v.toString();
        }
        return v.isNumber() ? Fmt.plain(v.doubleValue()) : v.isNull() ? "null" : v.asString();
    }
}
