package dev.latencylab.runner.grafana;

import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The body of Grafana's {@code POST /api/snapshots} for one dashboard and its query results:
 * {@code {"dashboard": ..., "name": ..., "expires": 0, "external": false}}.
 *
 * <p>The dashboard is shaped the way Grafana 10.x-12 writes a snapshot itself
 * (transformSceneToSaveModel with isSnapshot, then trimDashboardForSnapshot): every panel's
 * queries are replaced by one query of the built-in "grafana" datasource of type
 * {@code snapshot} whose {@code snapshot} array holds the panel's data frames
 * ({@link DataFrames}), the dashboard's annotation events included as frames with
 * {@code meta.dataTopic: "annotations"}; annotation queries and links are removed, template
 * variables frozen at their value, the time range made absolute, the import blocks
 * ({@code __inputs}, {@code __requires}) left out: a snapshot is not imported, and no query is left
 * for the {@code datasource} variable to point anywhere. Grafana still reads the older
 * form with {@code panel.snapshotData} (it converts it to this one on load), but that form loses
 * series labels and per-panel annotations, so this one is written.
 */
final class SnapshotBody {

    /** Grafana's built-in datasource, which replays a snapshot query's frames without asking anything. */
    static final String GRAFANA_DATASOURCE = "grafana";

    static final String SNAPSHOT_QUERY_TYPE = "snapshot";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SnapshotBody() {}

    public static ObjectNode build(DashboardResult result, String name) {
        ObjectNode dash = result.dashboard().json().deepCopy();
        dash.put("title", name);
        ObjectNode time = dash.putObject("time");
        time.put("from", result.window().from().truncatedTo(ChronoUnit.MILLIS).toString());
        time.put("to", result.window().to().truncatedTo(ChronoUnit.MILLIS).toString());
        dash.putArray("links");
        // A snapshot is data at rest: nothing to refresh.
        dash.put("refresh", "");
        dash.remove("id");
        dash.remove(List.of("__inputs", "__requires", "__elements"));

        List<ObjectNode> annotationFrames = new ArrayList<>();
        for (AnnotationResult a : result.annotations()) {
            ObjectNode f = a.query().enabled() ? DataFrames.annotations(a) : null;
            if (f != null) {
                annotationFrames.add(f);
            }
        }
        Map<Integer, PanelResult> byId = new HashMap<>();
        result.panels().forEach(p -> byId.put(p.panel().id(), p));
        for (JsonNode p : dash.path("panels").values()) {
            embed((ObjectNode) p, byId, annotationFrames);
            for (JsonNode nested : p.path("panels").values()) {
                embed((ObjectNode) nested, byId, annotationFrames);
            }
        }
        trimAnnotations(dash);
        freezeVariables(dash);

        ObjectNode body = NODES.objectNode();
        body.set("dashboard", dash);
        body.put("name", name);
        body.put("expires", 0);
        body.put("external", false);
        return body;
    }

    private static void embed(ObjectNode panel, Map<Integer, PanelResult> results, List<ObjectNode> annotationFrames) {
        if (panel.has("links")) {
            panel.putArray("links");
        }
        PanelResult r = results.get(panel.path("id").asInt(Integer.MIN_VALUE));
        if (r == null || !panel.has("targets")) {
            return;
        }
        ObjectNode datasource =
                NODES.objectNode().put("type", GRAFANA_DATASOURCE).put("uid", GRAFANA_DATASOURCE);
        panel.set("datasource", datasource);
        ArrayNode frames = NODES.arrayNode();
        for (TargetResult t : r.targets()) {
            DataFrames.forTarget(t).forEach(frames::add);
        }
        annotationFrames.forEach(f -> frames.add(f.deepCopy()));
        ArrayNode targets = panel.putArray("targets");
        ObjectNode query = targets.addObject();
        query.put("refId", "A");
        query.set("datasource", datasource.deepCopy());
        query.put("queryType", SNAPSHOT_QUERY_TYPE);
        query.set("snapshot", frames);
    }

    /** Annotation queries leave; their events travel with each panel's frames. */
    private static void trimAnnotations(ObjectNode dash) {
        ArrayNode trimmed = NODES.arrayNode();
        for (JsonNode a : dash.path("annotations").path("list").values()) {
            if (!a.path("enable").asBoolean(false)) {
                continue;
            }
            ObjectNode t = trimmed.addObject();
            for (String key : List.of("name", "enable", "iconColor", "type", "builtIn", "hide")) {
                if (a.has(key)) {
                    t.set(key, a.get(key));
                }
            }
            t.putArray("snapshotData");
        }
        dash.putObject("annotations").set("list", trimmed);
    }

    /** Template variables keep their value and lose their query, as in Grafana's own snapshots. */
    private static void freezeVariables(ObjectNode dash) {
        for (JsonNode v : dash.path("templating").path("list").values()) {
            ObjectNode variable = (ObjectNode) v;
            if (variable.has("query")) {
                variable.put("query", "");
            }
            JsonNode current = variable.path("current");
            ArrayNode options = variable.putArray("options");
            if (current.isObject() && !current.isEmpty()) {
                options.add(current.deepCopy());
            }
            if (variable.has("refresh")) {
                variable.put("refresh", 0);
            }
        }
    }
}
