package dev.latencylab.runner.grafana;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One dashboard file of observability/grafana/dashboards, read as Grafana reads it: its panels
 * (including those inside collapsed rows), their Prometheus targets, its annotation queries and
 * its template variables.
 *
 * <p>The datasource a panel, target or annotation names is not read: in the lab's dashboards it is
 * always {@code ${datasource}}, the dashboard's datasource variable, which in the lab's Grafana
 * resolves to its one provisioned Prometheus (observability/grafana/README.md). The runner asks
 * that Prometheus directly, by the URL it is given, so every query goes there.
 */
public record LabDashboard(Path file, ObjectNode json) {

    public String uid() {
        return text(json.path("uid"));
    }

    public String title() {
        return text(json.path("title"));
    }

    public List<String> tags() {
        List<String> tags = new ArrayList<>();
        json.path("tags").values().forEach(t -> tags.add(text(t)));
        return tags;
    }

    /** Every panel with at least one target, in the file's order; panels of collapsed rows follow their row. */
    public List<Panel> panels() {
        List<Panel> panels = new ArrayList<>();
        for (JsonNode p : json.path("panels").values()) {
            add(p, panels);
            p.path("panels").values().forEach(nested -> add(nested, panels));
        }
        return panels;
    }

    public List<AnnotationQuery> annotations() {
        List<AnnotationQuery> list = new ArrayList<>();
        for (JsonNode a : json.path("annotations").path("list").values()) {
            // Grafana's built-in "Annotations & Alerts" reads Grafana's own database, not Prometheus.
            if (a.path("builtIn").asInt(0) == 1 || text(a.path("expr")).isBlank()) {
                continue;
            }
            List<String> tagKeys = Arrays.stream(text(a.path("tagKeys")).split(","))
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .toList();
            list.add(new AnnotationQuery(
                    text(a.path("name")),
                    a.path("enable").asBoolean(true),
                    text(a.path("expr")),
                    blankToNull(text(a.path("step"))),
                    blankToNull(text(a.path("titleFormat"))),
                    blankToNull(text(a.path("textFormat"))),
                    tagKeys,
                    blankToNull(text(a.path("iconColor")))));
        }
        return list;
    }

    /** The template variables as Grafana's save model lists them. */
    public List<JsonNode> variables() {
        return List.copyOf(json.path("templating").path("list").values());
    }

    private static void add(JsonNode p, List<Panel> panels) {
        List<Target> targets = new ArrayList<>();
        for (JsonNode t : p.path("targets").values()) {
            String expr = text(t.path("expr"));
            if (t.path("hide").asBoolean(false) || expr.isBlank()) {
                continue;
            }
            boolean instant = t.path("instant").asBoolean(false);
            // Grafana's default is a range query; "instant" alone turns it off unless "range" says otherwise.
            boolean range = t.has("range") ? t.path("range").asBoolean(false) : !instant;
            targets.add(new Target(
                    text(t.path("refId")),
                    expr,
                    instant,
                    range || !instant,
                    blankToNull(text(t.path("format"))),
                    blankToNull(text(t.path("legendFormat"))),
                    blankToNull(text(t.path("interval")))));
        }
        if (targets.isEmpty()) {
            return;
        }
        Integer maxDataPoints =
                p.path("maxDataPoints").isNumber() ? p.path("maxDataPoints").asInt() : null;
        panels.add(new Panel(
                p.path("id").asInt(),
                text(p.path("title")),
                text(p.path("type")),
                blankToNull(text(p.path("interval"))),
                maxDataPoints,
                targets));
    }

    static String text(JsonNode n) {
        return n == null || n.isMissingNode() || n.isNull() ? "" : n.isString() ? n.stringValue() : n.toString();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
