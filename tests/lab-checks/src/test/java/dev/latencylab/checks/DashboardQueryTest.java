package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.checks.Dashboards.Dashboard;
import dev.latencylab.checks.Dashboards.Query;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Every PromQL expression in the dashboards parses (promtool) and names only metrics from docs/contracts.md. */
class DashboardQueryTest {

    /** Series Prometheus makes itself, so they are in no contract. */
    private static final Set<String> PROMETHEUS_BUILT_IN = Set.of("up", "scrape_duration_seconds");

    private static final List<String> HISTOGRAM_SUFFIXES = List.of("_bucket", "_count", "_sum", "_max");

    @Test
    void everyExpressionPassesPromtool() throws IOException {
        Path promtool = Tools.require("promtool", "Debian package prometheus");
        // One recording rule per expression: promtool parses and type-checks each one. JSON is valid YAML and
        // saves quoting PromQL by hand.
        List<Map<String, Object>> groups = new ArrayList<>();
        Map<String, String> recordToQuery = new LinkedHashMap<>();
        for (Dashboard d : Dashboards.all()) {
            List<Map<String, String>> rules = new ArrayList<>();
            for (Query q : d.queries()) {
                String record = "lab_check:" + d.uid().replace('-', '_') + ":" + q.recordSuffix();
                Map<String, String> rule = new LinkedHashMap<>();
                rule.put("record", record);
                rule.put("expr", q.expanded());
                rules.add(rule);
                recordToQuery.put(record, q.toString());
            }
            Map<String, Object> group = new LinkedHashMap<>();
            group.put("name", d.uid());
            group.put("rules", rules);
            groups.add(group);
        }
        Path rulesFile = Repo.buildDir().resolve("dashboard-queries.rules.yml");
        Files.writeString(rulesFile, JsonMapper.builder().build().writeValueAsString(Map.of("groups", groups)));

        Tools.Result result = Tools.run(
                Duration.ofMinutes(1), Repo.ROOT, List.of(promtool.toString(), "check", "rules", rulesFile.toString()));

        assertThat(result.ok())
                .as(
                        "promtool check rules on every dashboard query%n%s%nqueries:%n%s",
                        result.describe(),
                        recordToQuery.entrySet().stream()
                                .filter(e -> result.output().contains("\"" + e.getKey() + "\""))
                                .map(e -> e.getKey() + " = " + e.getValue())
                                .collect(Collectors.joining("\n")))
                .isTrue();
        assertThat(result.output()).contains("SUCCESS: " + recordToQuery.size() + " rules found");
    }

    @Test
    void everyMetricNameIsInTheContracts() {
        String contracts = Repo.read("docs/contracts.md");
        Set<String> unknown = new TreeSet<>();
        for (Dashboard d : Dashboards.all()) {
            for (Query q : d.queries()) {
                for (String metric : PromQl.metricNames(q.expanded())) {
                    if (!inContracts(metric, contracts)) {
                        unknown.add(metric + "  <- " + q);
                    }
                }
            }
        }
        assertThat(unknown)
                .as("metric names used by dashboards but not in docs/contracts.md (typo?)")
                .isEmpty();
    }

    @Test
    void theDashboardsTogetherShowWhatTheLabIsAbout() {
        List<String> expressions = Dashboards.all().stream()
                .flatMap(d -> d.queries().stream())
                .map(Query::expr)
                .toList();
        List<String> heatmaps = Dashboards.all().stream()
                .flatMap(d -> d.panels().stream())
                .filter(p -> Dashboards.text(p.path("type")).equals("heatmap"))
                .flatMap(p -> p.path("targets").values().stream())
                .map(t -> Dashboards.text(t.path("expr")))
                .toList();

        assertThat(expressions)
                .as("e2e percentiles, naive and corrected, per phase")
                .anyMatch(e -> e.contains("histogram_quantile(0.999")
                        && e.contains("lab_e2e_latency_seconds_bucket")
                        && e.contains("sum by (le, phase)")
                        && e.contains("group_left (name)"))
                .anyMatch(e -> e.contains("histogram_quantile(0.999")
                        && e.contains("lab_e2e_corrected_latency_seconds_bucket")
                        && e.contains("sum by (le, phase)")
                        && e.contains("group_left (name)"));
        assertThat(expressions)
                .as("the consumer's histograms carry the phase alone: grouping by a setting would drop it")
                .noneMatch(e -> e.contains("lab_e2e_") && e.matches("(?s).*by \\([^)]*linger_ms.*"));
        assertThat(heatmaps)
                .as("heatmaps of both e2e histograms")
                .anyMatch(e -> e.contains("lab_e2e_latency_seconds_bucket"))
                .anyMatch(e -> e.contains("lab_e2e_corrected_latency_seconds_bucket"));
        assertThat(Dashboards.all())
                .as("phase changes annotated on every dashboard, each named")
                .allSatisfy(d -> assertThat(d.annotations())
                        .anyMatch(a -> Dashboards.text(a.path("expr")).contains("lab_phase_info")
                                && Dashboards.text(a.path("titleFormat")).contains("{{name}}")));
        for (String metric : List.of(
                "lab_producer_linger_ms",
                "lab_producer_batch_size_bytes",
                "lab_producer_compression_info",
                "lab_producer_target_rate",
                "lab_producer_records_sent_total",
                "lab_e2e_latency_seconds_count",
                "kafka_consumer_fetch_manager_records_lag_max",
                "lab_consumer_lost_records_total",
                "lab_consumer_duplicate_records_total",
                "process_cpu_seconds_total",
                "process_cpu_time_ns_total",
                "kafka_network_requestmetrics_requests_total",
                "kafka_server_brokertopicmetrics_bytesin_total",
                "kafka_network_requestmetrics_totaltimems",
                "kafka_producer_batch_size_avg",
                "kafka_producer_records_per_request_avg",
                "kafka_producer_compression_rate_avg",
                "kafka_producer_record_queue_time_avg",
                "kafka_producer_request_latency_avg",
                "kafka_log_log_size")) {
            assertThat(expressions).as("some dashboard query uses %s", metric).anyMatch(e -> e.contains(metric));
        }
        for (String request : List.of("Produce", "FetchConsumer", "FetchFollower")) {
            assertThat(expressions)
                    .as("request rate of %s", request)
                    .anyMatch(e -> e.contains("kafka_network_requestmetrics_requests_total") && e.contains(request));
        }
    }

    private static boolean inContracts(String metric, String contracts) {
        if (PROMETHEUS_BUILT_IN.contains(metric) || contracts.contains("`" + metric + "`")) {
            return true;
        }
        return HISTOGRAM_SUFFIXES.stream()
                .anyMatch(suffix -> metric.endsWith(suffix)
                        && contracts.contains("`" + metric.substring(0, metric.length() - suffix.length()) + "`"));
    }
}
