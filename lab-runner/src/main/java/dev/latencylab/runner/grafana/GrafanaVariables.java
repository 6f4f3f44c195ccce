package dev.latencylab.runner.grafana;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Replaces Grafana variables in a query the way Grafana does before it reaches Prometheus: the
 * built-ins ({@code $__interval}, {@code $__interval_ms}, {@code $__rate_interval},
 * {@code $__rate_interval_ms}, {@code $__range}, {@code $__range_s}, {@code $__range_ms}) and the
 * dashboard's template variables at their saved (default) values, in all three syntaxes
 * ({@code $name}, {@code ${name}} or {@code ${name:format}}, {@code [[name]]}).
 * A multi-value selection becomes a regex alternation {@code (a|b)}, as the Prometheus
 * datasource writes it. Unknown names are left as they are: Prometheus then names the problem.
 */
final class GrafanaVariables {

    private static final Pattern VARIABLE =
            Pattern.compile("\\$(\\w+)|\\[\\[(\\w+?)(?::(\\w+))?]]|\\$\\{(\\w+)(?::([^}]+))?}");
    private static final String ALL = "$__all";

    private final Map<String, List<String>> values;

    private GrafanaVariables(Map<String, List<String>> values) {
        this.values = values;
    }

    public static GrafanaVariables of(QueryTiming timing, List<JsonNode> templateVariables) {
        Map<String, List<String>> v = new LinkedHashMap<>();
        for (JsonNode variable : templateVariables) {
            String name = LabDashboard.text(variable.path("name"));
            if (!name.isBlank()) {
                v.put(name, current(variable));
            }
        }
        // Built-ins win over a template variable of the same name, as in Grafana.
        long rangeMs = timing.range().toMillis();
        v.put("__interval", List.of(QueryTiming.promDuration(timing.step())));
        v.put("__interval_ms", List.of(Long.toString(timing.step().toMillis())));
        v.put("__rate_interval", List.of(QueryTiming.promDuration(timing.rateInterval())));
        v.put("__rate_interval_ms", List.of(Long.toString(timing.rateInterval().toMillis())));
        v.put("__range", List.of(Math.round(rangeMs / 1000.0) + "s"));
        v.put("__range_s", List.of(Long.toString(Math.round(rangeMs / 1000.0))));
        v.put("__range_ms", List.of(Long.toString(rangeMs)));
        return new GrafanaVariables(v);
    }

    public String substitute(String expr) {
        Matcher m = VARIABLE.matcher(expr);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(4);
            String format = m.group(3) != null ? m.group(3) : m.group(5);
            List<String> value = values.get(name);
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : format(value, format)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String format(List<String> value, String format) {
        if ("raw".equals(format) || "text".equals(format)) {
            return String.join(",", value);
        }
        if (value.size() == 1) {
            return "regex".equals(format) ? regexEscape(value.get(0)) : value.get(0);
        }
        List<String> escaped = value.stream().map(GrafanaVariables::regexEscape).toList();
        return "(" + String.join("|", escaped) + ")";
    }

    /** The saved selection: {@code current.value}, else the first option, else the query text. */
    private static List<String> current(JsonNode variable) {
        JsonNode current = variable.path("current").path("value");
        List<String> selected = strings(current);
        if (selected.contains(ALL)
                || selected.isEmpty() && variable.path("includeAll").asBoolean(false)) {
            String allValue = LabDashboard.text(variable.path("allValue"));
            if (!allValue.isBlank()) {
                return List.of(allValue);
            }
            List<String> all = new ArrayList<>();
            for (JsonNode o : variable.path("options").values()) {
                String v = LabDashboard.text(o.path("value"));
                if (!v.equals(ALL) && !v.isBlank()) {
                    all.add(v);
                }
            }
            return all.isEmpty() ? List.of(".*") : all;
        }
        if (!selected.isEmpty()) {
            return selected;
        }
        for (JsonNode o : variable.path("options").values()) {
            return strings(o.path("value"));
        }
        String query = LabDashboard.text(variable.path("query"));
        String type = LabDashboard.text(variable.path("type"));
        if (type.equals("custom") || type.equals("interval")) {
            // "a,b,c" or "a : x, b : y": the first entry is the default.
            String first = query.split(",")[0].strip();
            int colon = first.indexOf(" : ");
            return List.of(colon >= 0 ? first.substring(colon + 3).strip() : first);
        }
        return List.of(query);
    }

    private static List<String> strings(JsonNode node) {
        List<String> list = new ArrayList<>();
        if (node.isArray()) {
            node.values().forEach(n -> list.add(LabDashboard.text(n)));
        } else if (!node.isMissingNode() && !node.isNull()) {
            list.add(LabDashboard.text(node));
        }
        return list;
    }

    /**
     * Grafana's prometheusRegularEscape: a backslash before each character that means something
     * in a RE2 regex, doubled because the value lands inside a PromQL string literal.
     */
    static String regexEscape(String s) {
        return s.replaceAll("[\\\\^$*+?.()|{}\\[\\]]", "\\\\\\\\$0");
    }
}
