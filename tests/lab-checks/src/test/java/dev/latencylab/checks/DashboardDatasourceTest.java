package dev.latencylab.checks;

import static dev.latencylab.checks.Dashboards.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.checks.Dashboards.Dashboard;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The dashboards work in the lab's provisioned Grafana and imported into any other one (observability/grafana/README.md,
 * "Datasource: provisioned and imported"). Every datasource reference is the {@code datasource} template variable; its
 * saved value is the placeholder {@code ${DS_PROMETHEUS}} of the {@code __inputs} block, which Grafana's import
 * replaces by the chosen datasource's uid, and its saved text is the name of the lab's provisioned datasource, which
 * the variable falls back to in a provisioned dashboard (provisioning leaves the placeholder as it is).
 */
class DashboardDatasourceTest {

    private static final String DATASOURCE_TYPE = "prometheus";
    /** Grafana's exporter writes DS_<NAME> for datasources and VAR_<NAME> for constants. */
    private static final Pattern IMPORT_PLACEHOLDER = Pattern.compile("\\$\\{(?:DS|VAR)_[^}]*}");

    @Test
    void everyPanelTargetAnnotationAndQueryVariableUsesTheDatasourceVariable() {
        List<String> wrong = new ArrayList<>();
        for (Dashboard d : Dashboards.all()) {
            for (JsonNode panel : d.panels()) {
                String where = d.name() + " panel " + panel.path("id").asInt();
                if (!panel.path("targets").isEmpty()) {
                    checkVariableRef(where, panel.path("datasource"), wrong);
                }
                for (JsonNode target : panel.path("targets").values()) {
                    checkVariableRef(where + " target " + text(target.path("refId")), target.path("datasource"), wrong);
                }
            }
            for (JsonNode annotation : d.annotations()) {
                if (annotation.path("builtIn").asInt(0) != 1) {
                    checkVariableRef(
                            d.name() + " annotation \"" + text(annotation.path("name")) + "\"",
                            annotation.path("datasource"),
                            wrong);
                }
            }
            for (JsonNode variable : d.templateVariables()) {
                if (text(variable.path("type")).equals("query")) {
                    checkVariableRef(
                            d.name() + " variable \"" + text(variable.path("name")) + "\"",
                            variable.path("datasource"),
                            wrong);
                }
            }
        }
        assertThat(wrong)
                .as("datasource must be {\"type\":\"%s\",\"uid\":\"%s\"}", DATASOURCE_TYPE, Dashboards.DATASOURCE_REF)
                .isEmpty();
    }

    @Test
    void noDatasourceIsHardWiredAnywhere() {
        // Every "datasource" in the whole file, rows and panels without targets included: a literal uid or name works
        // in the lab's Grafana only. Grafana's built-in datasource (the "Annotations & Alerts" a UI export adds) is
        // in every Grafana.
        String provisionedUid = text(provisionedDatasource().path("uid"));
        List<String> wrong = new ArrayList<>();
        for (Dashboard d : Dashboards.all()) {
            List<Map.Entry<String, JsonNode>> refs = new ArrayList<>();
            collect("$", d.json(), "datasource", refs);
            for (Map.Entry<String, JsonNode> ref : refs) {
                JsonNode ds = ref.getValue();
                boolean variable = DATASOURCE_TYPE.equals(text(ds.path("type")))
                        && Dashboards.DATASOURCE_REF.equals(text(ds.path("uid")));
                boolean builtIn = Set.of("grafana", "datasource").contains(text(ds.path("type")))
                        && Set.of("grafana", "-- Grafana --").contains(text(ds.path("uid")));
                if (!ds.isObject() || !(variable || builtIn)) {
                    wrong.add(d.name() + " " + ref.getKey() + ": " + ds);
                }
            }
            if (d.json().toString().contains(provisionedUid)) {
                wrong.add(d.name() + ": names the provisioned datasource's uid " + provisionedUid);
            }
        }
        assertThat(wrong)
                .as(
                        "hard-wired datasources (use {\"type\":\"%s\",\"uid\":\"%s\"})",
                        DATASOURCE_TYPE, Dashboards.DATASOURCE_REF)
                .isEmpty();
    }

    @Test
    void theDatasourceVariableComesFirstAndDefaultsToTheImportInputThenTheProvisionedDatasource() {
        String provisionedName = text(provisionedDatasource().path("name"));
        for (Dashboard d : Dashboards.all()) {
            List<JsonNode> variables = d.templateVariables();
            assertThat(variables).as("%s: template variables", d.name()).isNotEmpty();
            JsonNode v = variables.get(0);
            String where = d.name() + " first template variable";
            assertThat(text(v.path("name"))).as(where).isEqualTo(Dashboards.DATASOURCE_VARIABLE);
            assertThat(text(v.path("type"))).as("%s: type", where).isEqualTo("datasource");
            assertThat(text(v.path("query"))).as("%s: query (plugin id)", where).isEqualTo(DATASOURCE_TYPE);
            assertThat(text(v.path("regex")))
                    .as("%s: regex (would hide datasources)", where)
                    .isEmpty();
            assertThat(v.path("multi").asBoolean(false)).as("%s: multi", where).isFalse();
            assertThat(v.path("includeAll").asBoolean(false))
                    .as("%s: includeAll", where)
                    .isFalse();
            // Imported: the import replaces the placeholder by the chosen datasource's uid, which Grafana matches
            // first. Provisioned: the placeholder stays, matches no uid, and Grafana matches the text by name.
            assertThat(text(v.path("current").path("value")))
                    .as("%s: current.value", where)
                    .isEqualTo("${" + Dashboards.IMPORT_INPUT + "}");
            assertThat(text(v.path("current").path("text")))
                    .as("%s: current.text, the datasource of %s", where, Dashboards.PROVISIONING)
                    .isEqualTo(provisionedName);
        }
    }

    @Test
    void eachDashboardDeclaresItsImportInputAndWhatItRequires() {
        String grafanaImage = Repo.dotEnv().getOrDefault("GRAFANA_IMAGE", "");
        String grafanaVersion = grafanaImage.substring(grafanaImage.lastIndexOf(':') + 1);
        for (Dashboard d : Dashboards.all()) {
            JsonNode inputs = d.json().path("__inputs");
            assertThat(inputs.size()).as("%s: __inputs, one entry", d.name()).isEqualTo(1);
            JsonNode input = inputs.path(0);
            assertThat(text(input.path("name")))
                    .as("%s: __inputs name", d.name())
                    .isEqualTo(Dashboards.IMPORT_INPUT);
            assertThat(text(input.path("type")))
                    .as("%s: __inputs type", d.name())
                    .isEqualTo("datasource");
            assertThat(text(input.path("pluginId")))
                    .as("%s: __inputs pluginId", d.name())
                    .isEqualTo(DATASOURCE_TYPE);
            assertThat(text(input.path("pluginName")))
                    .as("%s: __inputs pluginName", d.name())
                    .isEqualTo("Prometheus");
            assertThat(text(input.path("label")))
                    .as("%s: __inputs label", d.name())
                    .isNotBlank();

            Set<String> required = new TreeSet<>();
            for (JsonNode r : d.json().path("__requires").values()) {
                required.add(text(r.path("type")) + ":" + text(r.path("id")));
                if (text(r.path("type")).equals("grafana")) {
                    assertThat(text(r.path("version")))
                            .as("%s: __requires Grafana version, the one .env's GRAFANA_IMAGE runs", d.name())
                            .isEqualTo(grafanaVersion);
                }
            }
            Set<String> expected = new TreeSet<>(Set.of("grafana:grafana", "datasource:" + DATASOURCE_TYPE));
            for (JsonNode panel : d.panels()) {
                if (!text(panel.path("type")).equals("row")) {
                    expected.add("panel:" + text(panel.path("type")));
                }
            }
            assertThat(required)
                    .as("%s: __requires, Grafana, the datasource plugin and each panel type used", d.name())
                    .isEqualTo(expected);
        }
    }

    @Test
    void theImportPlaceholderAppearsOnlyAsTheVariablesSavedValue() {
        // Anywhere else it would reach a provisioned dashboard unreplaced: "Datasource ${DS_...} was not found".
        // A UI export "for sharing externally" writes ${DS_PROMETHEUS_(LAB)} placeholders: this names them too.
        String expected = "$.templating.list[0].current.value";
        for (Dashboard d : Dashboards.all()) {
            List<String> found = new ArrayList<>();
            placeholders("$", d.json(), found);
            assertThat(found)
                    .as("%s: import placeholders", d.name())
                    .containsExactly(expected + " = ${" + Dashboards.IMPORT_INPUT + "}");
        }
    }

    /** The one Prometheus of the lab's provisioning file. */
    static JsonNode provisionedDatasource() {
        JsonNode file = YAMLMapper.builder().build().readTree(Repo.read(Dashboards.PROVISIONING));
        List<JsonNode> prometheus = file.path("datasources").values().stream()
                .filter(ds -> DATASOURCE_TYPE.equals(text(ds.path("type"))))
                .toList();
        assertThat(prometheus)
                .as("Prometheus datasources in %s", Dashboards.PROVISIONING)
                .hasSize(1);
        return prometheus.get(0);
    }

    private static void checkVariableRef(String where, JsonNode datasource, List<String> wrong) {
        if (!Dashboards.DATASOURCE_REF.equals(text(datasource.path("uid")))
                || !DATASOURCE_TYPE.equals(text(datasource.path("type")))) {
            wrong.add(where + ": " + datasource);
        }
    }

    /** Every value under a key named {@code key}, with its JSON path. */
    private static void collect(String path, JsonNode node, String key, List<Map.Entry<String, JsonNode>> found) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String child = path + "." + e.getKey();
                if (e.getKey().equals(key)) {
                    found.add(Map.entry(child, e.getValue()));
                } else {
                    collect(child, e.getValue(), key, found);
                }
            }
        } else if (node.isArray()) {
            int i = 0;
            for (JsonNode element : node.values()) {
                collect(path + "[" + i++ + "]", element, key, found);
            }
        }
    }

    private static void placeholders(String path, JsonNode node, List<String> found) {
        if (node.isString()) {
            Matcher m = IMPORT_PLACEHOLDER.matcher(node.stringValue());
            while (m.find()) {
                found.add(path + " = " + m.group());
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (!e.getKey().equals("__inputs")) {
                    placeholders(path + "." + e.getKey(), e.getValue(), found);
                }
            }
        } else if (node.isArray()) {
            int i = 0;
            for (JsonNode element : node.values()) {
                placeholders(path + "[" + i++ + "]", element, found);
            }
        }
    }
}
