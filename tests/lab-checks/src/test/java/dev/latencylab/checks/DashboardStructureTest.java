package dev.latencylab.checks;

import static dev.latencylab.checks.Dashboards.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.checks.Dashboards.Dashboard;
import dev.latencylab.checks.Dashboards.Query;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Grafana dashboards: identity, panel ids and units, and the contract rules for queries. Datasources and the import
 * block: {@link DashboardDatasourceTest}.
 */
class DashboardStructureTest {

    private static final Pattern REQUEST_MATCHER = Pattern.compile("request\\s*(=~|=)\\s*\"([^\"]*)\"");

    @Test
    void thereAreDashboardsAndEachParses() {
        assertThat(Dashboards.files()).as("dashboards in %s", Dashboards.DIR).isNotEmpty();
        assertThat(Dashboards.all())
                .allSatisfy(d -> assertThat(d.json().isObject()).as(d.name()).isTrue());
    }

    @Test
    void eachDashboardHasAStableUidATitleTheLabTagAndItsQuestion() {
        for (Dashboard d : Dashboards.all()) {
            JsonNode json = d.json();
            assertThat(d.uid()).as("%s: uid", d.name()).matches("lab-[a-z0-9-]+");
            assertThat(d.name())
                    .as("%s: file name is <uid>.json (compose's home dashboard path relies on it)", d.name())
                    .isEqualTo(d.uid() + ".json");
            assertThat(text(json.path("title"))).as("%s: title", d.name()).isNotBlank();
            assertThat(json.path("tags").values())
                    .as("%s: tags", d.name())
                    .extracting(Dashboards::text)
                    .contains(Dashboards.TAG);
            assertThat(text(json.path("description")))
                    .as("%s: description (the one question it answers)", d.name())
                    .endsWith("?");
            assertThat(json.path("schemaVersion").isInt())
                    .as("%s: schemaVersion", d.name())
                    .isTrue();
        }
    }

    @Test
    void uidsAreUniqueAcrossDashboards() {
        List<String> uids = Dashboards.all().stream().map(Dashboard::uid).toList();

        assertThat(uids).doesNotHaveDuplicates();
    }

    @Test
    void panelIdsAreUniqueWithinEachDashboard() {
        for (Dashboard d : Dashboards.all()) {
            Set<Integer> seen = new HashSet<>();
            for (JsonNode panel : d.panels()) {
                assertThat(panel.path("id").isInt())
                        .as("%s: panel \"%s\" has an id", d.name(), text(panel.path("title")))
                        .isTrue();
                assertThat(seen.add(panel.path("id").asInt()))
                        .as(
                                "%s: panel id %d is used twice",
                                d.name(), panel.path("id").asInt())
                        .isTrue();
            }
        }
    }

    @Test
    void everyTemplateVariableHasANameAndADefault() {
        List<String> wrong = new ArrayList<>();
        for (Dashboard d : Dashboards.all()) {
            for (JsonNode variable : d.templateVariables()) {
                String name = text(variable.path("name"));
                String where = d.name() + " variable \"" + name + "\"";
                if (!name.matches("[a-z][a-z0-9_]*")) {
                    wrong.add(where + ": name");
                }
                if (d.templateValues().get(name).isBlank()) {
                    wrong.add(where + ": no default (current.value, or allValue when \"All\" is the current value)");
                }
            }
        }
        assertThat(wrong)
                .as("template variables: a default the checks and check-dashboards run the queries with")
                .isEmpty();
    }

    @Test
    void everyPanelHasATitleAndAUnit() {
        List<String> missing = new ArrayList<>();
        for (Dashboard d : Dashboards.all()) {
            for (JsonNode panel : d.panels()) {
                String type = text(panel.path("type"));
                String where = d.name() + " panel " + panel.path("id").asInt() + " (" + type + ")";
                if (text(panel.path("title")).isBlank()) {
                    missing.add(where + ": title");
                }
                if (type.equals("row") || type.equals("text")) {
                    continue;
                }
                if (text(panel.path("fieldConfig").path("defaults").path("unit"))
                        .isBlank()) {
                    missing.add(where + ": fieldConfig.defaults.unit");
                }
                if (type.equals("heatmap")
                        && text(panel.path("options").path("yAxis").path("unit"))
                                .isBlank()) {
                    missing.add(where + ": options.yAxis.unit");
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void queriesNeverUseTheInstanceLabelWhichDiffersBetweenModes() {
        List<Query> offending = Dashboards.all().stream()
                .flatMap(d -> d.queries().stream())
                // The dashboards' own `instance` variable selects by member and broker: its references are not the
                // label.
                .filter(q -> q.expr()
                        .replaceAll("\\$instance\\b|\\$\\{instance[}:]", "")
                        .matches("(?s).*\\binstance\\b.*"))
                .toList();

        assertThat(offending)
                .as("docs/contracts.md: dashboards never use the `instance` label")
                .isEmpty();
    }

    @Test
    void produceRequestPanelsCountOnlyProduceRequests() {
        // The producer client's request-rate counts every request it sends (metadata, API versions, ...), not only
        // Produce: a panel named for Produce requests reads the brokers' Produce count.
        List<String> offending = new ArrayList<>();
        for (Dashboard d : Dashboards.all()) {
            for (Query q : d.queries()) {
                if (q.where().toLowerCase(Locale.ROOT).contains("produce request")
                        && !q.expr().contains("request=\"Produce\"")) {
                    offending.add(q.toString());
                }
            }
        }
        assertThat(offending)
                .as("panels titled for Produce requests select request=\"Produce\"")
                .isEmpty();
    }

    @Test
    void perTopicBrokerQueriesLeaveOutKafkasInternalTopics() {
        // __consumer_offsets (commits) is not the lab's traffic; per topic, it would stand beside lab.orders.
        Pattern byTopic = Pattern.compile("by\\s*\\([^)]*\\btopic\\b");
        List<String> offending = new ArrayList<>();
        for (Dashboard d : Dashboards.all()) {
            for (Query q : d.queries()) {
                if (q.expr().contains("kafka_server_")
                        && byTopic.matcher(q.expr()).find()
                        && !q.expr().contains("topic!~\"__.*\"")) {
                    offending.add(q.toString());
                }
            }
        }
        assertThat(offending)
                .as("per-topic broker queries with topic!~\"__.*\"")
                .isEmpty();
    }

    @Test
    void requestRatesNeverAddFetchToItsTwoParts() {
        List<String> offending = new ArrayList<>();
        for (Dashboard d : Dashboards.all()) {
            for (Query q : d.queries()) {
                if (!q.expr().contains("kafka_network_requestmetrics_requests_total")) {
                    continue;
                }
                Matcher matcher = REQUEST_MATCHER.matcher(q.expr());
                if (!matcher.find()) {
                    offending.add(q + " (no request matcher)");
                    continue;
                }
                for (String alternative : matcher.group(2).split("\\|")) {
                    if (alternative.equals("Fetch") || alternative.contains(".")) {
                        offending.add(q + " (matches " + alternative + ")");
                    }
                }
            }
        }
        assertThat(offending)
                .as("request=\"Fetch\" is FetchConsumer + FetchFollower: select the parts by name")
                .isEmpty();
    }

    @Test
    void jsonIsFormattedWithTwoSpaceIndentAndSortedKeys() throws IOException {
        for (Dashboard d : Dashboards.all()) {
            String content = Files.readString(d.file());
            assertThat(content).as("%s ends with a newline", d.name()).endsWith("}\n");
            String[] lines = content.split("\n");
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                int indent = line.length() - line.stripLeading().length();
                assertThat(line)
                        .as(
                                "%s line %d: spaces only, a multiple of 2, no trailing blanks "
                                        + "(python3 -m json.tool --indent 2 --sort-keys reformats)",
                                d.name(), i + 1)
                        .doesNotContain("\t")
                        .doesNotEndWith(" ");
                assertThat(indent % 2).as("%s line %d indent", d.name(), i + 1).isZero();
            }
            assertKeysSorted(d.name(), "$", d.json());
        }
    }

    private static void assertKeysSorted(String file, String path, JsonNode node) {
        if (node.isObject()) {
            List<String> keys = List.copyOf(node.propertyNames());
            assertThat(keys)
                    .as("%s: keys of %s are sorted (python3 -m json.tool --indent 2 --sort-keys)", file, path)
                    .isSorted();
            node.properties().forEach(e -> assertKeysSorted(file, path + "." + e.getKey(), e.getValue()));
        } else if (node.isArray()) {
            int i = 0;
            for (JsonNode element : node.values()) {
                assertKeysSorted(file, path + "[" + i++ + "]", element);
            }
        }
    }
}
