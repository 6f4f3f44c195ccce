package dev.latencylab.runner.grafana;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Grafana's legend (and annotation title) templates: {@code {{label}}} becomes the label's value, or nothing. */
final class Legend {

    private static final Pattern LABEL = Pattern.compile("\\{\\{\\s*(.+?)\\s*}}");

    private Legend() {}

    public static String render(String format, Map<String, String> labels) {
        Matcher m = LABEL.matcher(format);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(labels.getOrDefault(m.group(1), "")));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * The name Grafana shows for a series: the rendered legend when the target has one, else
     * {@code metric{label="value", ...}}, else the query itself.
     */
    public static String displayName(String legendFormat, Map<String, String> labels, String expr) {
        if (legendFormat != null && !legendFormat.isBlank() && !legendFormat.equals("__auto")) {
            return render(legendFormat, labels);
        }
        String name = labels.getOrDefault("__name__", "");
        String rest = labels.entrySet().stream()
                .filter(e -> !e.getKey().equals("__name__"))
                .map(e -> e.getKey() + "=\"" + e.getValue() + "\"")
                .collect(Collectors.joining(", "));
        if (name.isEmpty() && rest.isEmpty()) {
            return expr;
        }
        return name + "{" + rest + "}";
    }
}
