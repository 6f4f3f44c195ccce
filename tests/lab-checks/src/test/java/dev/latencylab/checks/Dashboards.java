package dev.latencylab.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The provisioned Grafana dashboards (observability/grafana/dashboards/*.json) and the queries in them. */
final class Dashboards {

    static final Path DIR = Repo.path("observability/grafana/dashboards");
    /** The template variable every datasource reference names: {@code ${datasource}}. */
    static final String DATASOURCE_VARIABLE = "datasource";

    static final String DATASOURCE_REF = "${" + DATASOURCE_VARIABLE + "}";
    /** The import input Grafana's "Import dashboard" asks for; its placeholder is the variable's saved value. */
    static final String IMPORT_INPUT = "DS_PROMETHEUS";

    static final String PROVISIONING = "observability/grafana/provisioning/datasources/prometheus.yml";
    static final String TAG = "kafka-latency-lab";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Dashboards() {}

    static List<Path> files() {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Dashboard> all() {
        return files().stream().map(Dashboards::load).toList();
    }

    static Dashboard load(Path file) {
        try {
            return new Dashboard(file, JSON.readTree(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JacksonException e) {
            throw new AssertionError(file.getFileName() + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    static String text(JsonNode node) {
        return node.isString() ? node.stringValue() : "";
    }

    record Dashboard(Path file, JsonNode json) {

        String name() {
            return file.getFileName().toString();
        }

        String uid() {
            return text(json.path("uid"));
        }

        /** Every panel, including those nested in collapsed rows. */
        List<JsonNode> panels() {
            List<JsonNode> panels = new ArrayList<>();
            for (JsonNode panel : json.path("panels").values()) {
                panels.add(panel);
                panels.addAll(panel.path("panels").values());
            }
            return panels;
        }

        List<JsonNode> annotations() {
            return List.copyOf(json.path("annotations").path("list").values());
        }

        List<JsonNode> templateVariables() {
            return List.copyOf(json.path("templating").path("list").values());
        }

        /**
         * Each template variable's default as Grafana (and the runner's check-dashboards) puts it into a query: the
         * "All" value where "All" is the saved selection, else the saved value.
         */
        Map<String, String> templateValues() {
            Map<String, String> values = new LinkedHashMap<>();
            for (JsonNode variable : templateVariables()) {
                JsonNode current = variable.path("current").path("value");
                boolean all = "$__all".equals(text(current))
                        || current.isArray() && current.values().stream().anyMatch(v -> "$__all".equals(text(v)));
                values.put(text(variable.path("name")), all ? text(variable.path("allValue")) : text(current));
            }
            return values;
        }

        /** Every PromQL expression: panel targets and annotation queries, each with where it comes from. */
        List<Query> queries() {
            List<Query> queries = new ArrayList<>();
            for (JsonNode panel : panels()) {
                for (JsonNode target : panel.path("targets").values()) {
                    String where = "panel %d \"%s\" target %s"
                            .formatted(panel.path("id").asInt(), text(panel.path("title")), text(target.path("refId")));
                    queries.add(new Query(this, where, recordSuffix(panel, target), text(target.path("expr"))));
                }
            }
            List<JsonNode> annotations = annotations();
            for (int i = 0; i < annotations.size(); i++) {
                JsonNode annotation = annotations.get(i);
                String where = "annotation \"%s\"".formatted(text(annotation.path("name")));
                queries.add(new Query(this, where, "annotation_" + i, text(annotation.path("expr"))));
            }
            return queries;
        }

        private static String recordSuffix(JsonNode panel, JsonNode target) {
            return "panel_" + panel.path("id").asInt() + "_" + text(target.path("refId"));
        }
    }

    /**
     * One PromQL expression of a dashboard.
     *
     * @param recordSuffix unique within the dashboard and valid in a metric name, for promtool's rules file
     */
    record Query(Dashboard dashboard, String where, String recordSuffix, String expr) {

        /** The expression as it reaches Prometheus with the dashboard's defaults: every variable replaced. */
        String expanded() {
            return PromQl.withGrafanaVariablesReplaced(expr, dashboard.templateValues());
        }

        @Override
        public String toString() {
            return dashboard.name() + " " + where + ": " + expr;
        }
    }
}
