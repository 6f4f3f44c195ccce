package dev.latencylab.checks;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough PromQL handling for the checks: Grafana's variables replaced by values promtool accepts, and the
 * metric names an expression selects. promtool does the real parsing; this only has to find names reliably in
 * expressions promtool accepts.
 */
final class PromQl {

    /** Grafana's built-in variables, each replaced by an arbitrary valid duration. Longest name first. */
    private static final Map<String, String> GRAFANA_VARIABLES = byLengthDescending(Map.of(
            "$__rate_interval", "20s",
            "${__rate_interval}", "20s",
            "$__interval", "5s",
            "${__interval}", "5s",
            "$__range", "1h",
            "${__range}", "1h"));

    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`");
    private static final Pattern LABEL_MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGE = Pattern.compile("\\[[^]]*]");
    private static final Pattern LABEL_LIST =
            Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    // Durations before numbers (so "5m" is not a number and a name "m"), numbers before names ("1e9").
    private static final Pattern TOKEN = Pattern.compile("(?<duration>(?:\\d+(?:ms|[smhdwy]))+)"
            + "|(?<number>0[xX][0-9a-fA-F]+|(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)"
            + "|(?<name>[a-zA-Z_:][a-zA-Z0-9_:]*)");
    private static final Set<String> KEYWORDS = Set.of(
            "and",
            "or",
            "unless",
            "atan2",
            "bool",
            "offset",
            "by",
            "without",
            "on",
            "ignoring",
            "group_left",
            "group_right",
            "inf",
            "nan");

    private PromQl() {}

    /** The expression with Grafana variables replaced; fails on any other $variable (promtool would not know it). */
    static String withGrafanaVariablesReplaced(String expr) {
        return withGrafanaVariablesReplaced(expr, Map.of());
    }

    /**
     * The expression with Grafana's built-in variables and the dashboard's template variables replaced, the latter
     * by their default value (name to value) in every syntax Grafana knows: {@code $name}, {@code ${name}},
     * {@code ${name:format}} and {@code [[name]]}. Fails on any other $variable.
     */
    static String withGrafanaVariablesReplaced(String expr, Map<String, String> templateVariables) {
        String result = expr;
        for (Map.Entry<String, String> variable : GRAFANA_VARIABLES.entrySet()) {
            result = result.replace(variable.getKey(), variable.getValue());
        }
        for (Map.Entry<String, String> variable : templateVariables.entrySet()) {
            String name = Pattern.quote(variable.getKey());
            result = Pattern.compile(
                            "\\$\\{" + name + "(?::[^}]*)?}|\\[\\[" + name + "(?::[^]]*)?]]|\\$" + name + "\\b")
                    .matcher(result)
                    .replaceAll(Matcher.quoteReplacement(variable.getValue()));
        }
        if (STRING.matcher(result).replaceAll("\"\"").contains("$")) {
            throw new AssertionError("unknown Grafana variable in: " + expr + " (known: " + GRAFANA_VARIABLES.keySet()
                    + " and the dashboard's " + templateVariables.keySet() + ")");
        }
        return result;
    }

    /** Names of the metrics an expression selects, in order of appearance. */
    static Set<String> metricNames(String expr) {
        String rest = STRING.matcher(expr).replaceAll("\"\"");
        rest = LABEL_MATCHERS.matcher(rest).replaceAll(" ");
        rest = RANGE.matcher(rest).replaceAll(" ");
        rest = LABEL_LIST.matcher(rest).replaceAll(" ");
        Set<String> names = new LinkedHashSet<>();
        Matcher token = TOKEN.matcher(rest);
        while (token.find()) {
            String name = token.group("name");
            if (name == null || KEYWORDS.contains(name.toLowerCase()) || isCall(rest, token.end())) {
                continue;
            }
            names.add(name);
        }
        return names;
    }

    /** A name followed by "(" is a function or an aggregation, not a metric. */
    private static boolean isCall(String expr, int afterName) {
        int i = afterName;
        while (i < expr.length() && Character.isWhitespace(expr.charAt(i))) {
            i++;
        }
        return i < expr.length() && expr.charAt(i) == '(';
    }

    private static Map<String, String> byLengthDescending(Map<String, String> variables) {
        Map<String, String> ordered = new LinkedHashMap<>();
        variables.entrySet().stream()
                .sorted(Comparator.comparingInt(
                                (Map.Entry<String, String> e) -> e.getKey().length())
                        .reversed())
                .forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return ordered;
    }
}
