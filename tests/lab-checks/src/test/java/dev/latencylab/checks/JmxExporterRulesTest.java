package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.checks.Dashboards.Dashboard;
import dev.latencylab.checks.Dashboards.Query;
import dev.latencylab.checks.JmxExporterRules.Sample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The brokers' exporter rules, run by the exporter the brokers load on a broker's MBeans (stand-ins), export every
 * broker metric the dashboards and the runner ask for, with the labels and label values they select, under the
 * names the common Kafka rule sets give (so the lab's queries work on a user's cluster too), and nothing else
 * (docs/contracts.md lists exactly what is exported). A real broker's scrape is the lab-it tests' part.
 */
class JmxExporterRulesTest {

    private static final Pattern BROKER_METRIC =
            Pattern.compile("\\bkafka_(?:server|network|log|controller)_[a-z0-9_]+");
    private static final Pattern SELECTOR =
            Pattern.compile("\\b(kafka_(?:server|network|log|controller)_[a-z0-9_]+)\\s*(?:\\{([^}]*)})?");
    private static final Pattern MATCHER =
            Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(=~|!~|!=|=)\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern GROUPING = Pattern.compile("\\bby\\s*\\(([^)]*)\\)");
    /** Labels Prometheus gives each target (prometheus.yml), or the dashboards' own; never the exporter's. */
    private static final Set<String> NOT_EXPORTED = Set.of("job", "instance", "broker", "phase", "name", "le");

    private static List<Sample> exported;

    @BeforeAll
    static void scrapeAStandInBroker() throws Exception {
        try (KafkaBrokerMBeans broker = new KafkaBrokerMBeans()) {
            exported = JmxExporterRules.samples(JmxExporterRules.scrape());
        }
    }

    @Test
    void everyBrokerSelectorOfTheDashboardsFindsExportedSeries() {
        Set<String> missing = new TreeSet<>();
        for (Dashboard d : Dashboards.all()) {
            for (Query q : d.queries()) {
                String expr = q.expanded();
                Matcher selector = SELECTOR.matcher(expr);
                boolean any = false;
                while (selector.find()) {
                    any = true;
                    String metric = selector.group(1);
                    String matchers = selector.group(2) == null ? "" : selector.group(2);
                    if (series(metric).isEmpty()) {
                        missing.add(metric + " (not exported)  <- " + q);
                        continue;
                    }
                    Matcher m = MATCHER.matcher(matchers);
                    while (m.find()) {
                        if (!NOT_EXPORTED.contains(m.group(1))
                                && series(metric).stream().noneMatch(matches(m.group(1), m.group(2), m.group(3)))) {
                            missing.add(metric + "{" + m.group() + "} (no such series)  <- " + q);
                        }
                    }
                }
                if (any) {
                    missing.addAll(groupingLabelsNotExported(expr, q));
                }
            }
        }
        assertThat(missing)
                .as("dashboard selectors of broker metrics the rules do not satisfy")
                .isEmpty();
    }

    @Test
    void everyBrokerMetricTheRunnerAsksForIsExported() throws IOException {
        Set<String> asked = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Repo.path("lab-runner/src/main/java"))) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> asked.addAll(names(read(f))));
        }
        assertThat(asked).as("the runner asks for broker metrics").isNotEmpty();
        assertThat(asked).as("broker metrics the runner asks for").isSubsetOf(exportedNames());
    }

    @Test
    void theContractsListExactlyTheExportedBrokerMetrics() {
        String contracts = Repo.read("docs/contracts.md");
        int start = contracts.indexOf("## Broker metrics");
        String section = contracts.substring(start, contracts.indexOf("\n## ", start + 1));
        Set<String> listed = new TreeSet<>();
        Matcher m = Pattern.compile("`(kafka_[a-z0-9_]+)`").matcher(section);
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertThat(listed).as("broker metrics in docs/contracts.md").isEqualTo(exportedNames());
    }

    @Test
    void namesAndLabelsAreTheCommonRuleSets() {
        assertThat(series("kafka_server_brokertopicmetrics_bytesin_total"))
                .as("per topic, and the broker's total without a topic label")
                .anyMatch(s -> s.labels().equals(Map.of("topic", "lab.orders")))
                .anyMatch(s -> s.labels().isEmpty());
        assertThat(series("kafka_network_requestmetrics_requests_total"))
                .anyMatch(s -> s.labels().equals(Map.of("request", "Produce", "version", "11")));
        assertThat(series("kafka_network_requestmetrics_totaltimems"))
                .extracting(s -> s.labels().get("quantile"))
                .containsOnly("0.50", "0.75", "0.95", "0.98", "0.99", "0.999");
        assertThat(series("kafka_network_requestmetrics_totaltimems_count"))
                .anyMatch(s -> s.labels().equals(Map.of("request", "Produce")));
        assertThat(series("kafka_log_log_size"))
                .anyMatch(s -> s.labels().equals(Map.of("topic", "lab.orders", "partition", "0")));
        assertThat(series("kafka_server_delayedoperationpurgatory_purgatorysize"))
                .anyMatch(s -> s.labels().equals(Map.of("delayedOperation", "Produce")));
        assertThat(series("kafka_server_socket_server_metrics_io_wait_time_ns_total"))
                .anyMatch(s -> s.labels().equals(Map.of("listener", "PLAINTEXT", "networkProcessor", "0")));
        for (String gauge : List.of(
                "kafka_server_replicamanager_underreplicatedpartitions",
                "kafka_server_kafkarequesthandlerpool_requesthandleravgidlepercent_total",
                "kafka_controller_kafkacontroller_activecontrollercount")) {
            assertThat(series(gauge)).as(gauge).singleElement().satisfies(s -> assertThat(s.labels())
                    .isEmpty());
        }
    }

    @Test
    void onlyWhatTheLabUsesIsRead() {
        assertThat(exportedNames())
                .as("BrokerTopicMetrics the lab does not use")
                .doesNotContain("kafka_server_brokertopicmetrics_totalproducerequests_total");
        assertThat(exported)
                .as("request time parts and means only of Produce, FetchConsumer, FetchFollower")
                .noneMatch(s -> "Metadata".equals(s.labels().get("request"))
                                && !s.name().equals("kafka_network_requestmetrics_requests_total")
                                && !s.name().startsWith("kafka_network_requestmetrics_totaltimems")
                        || "Metadata".equals(s.labels().get("request"))
                                && s.name().endsWith("_mean"));
    }

    private static List<Sample> series(String name) {
        return exported.stream().filter(s -> s.name().equals(name)).toList();
    }

    private static Set<String> exportedNames() {
        return exported.stream()
                .map(Sample::name)
                .filter(n -> BROKER_METRIC.matcher(n).matches())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Whether a series satisfies one PromQL label matcher (an absent label is the empty value, as in PromQL). */
    private static Predicate<Sample> matches(String label, String op, String value) {
        return s -> {
            String actual = s.labels().getOrDefault(label, "");
            return switch (op) {
                case "=" -> actual.equals(value);
                case "!=" -> !actual.equals(value);
                case "=~" -> actual.matches(value);
                default -> !actual.matches(value);
            };
        };
    }

    /** The labels an expression groups its broker series by that none of its broker metrics carries. */
    private static Set<String> groupingLabelsNotExported(String expr, Query q) {
        Set<String> metrics = names(expr);
        Set<String> missing = new TreeSet<>();
        Matcher by = GROUPING.matcher(expr);
        while (by.find()) {
            for (String label : by.group(1).split(",")) {
                String l = label.strip();
                if (!l.isEmpty()
                        && !NOT_EXPORTED.contains(l)
                        && exported.stream()
                                .noneMatch(s ->
                                        metrics.contains(s.name()) && s.labels().containsKey(l))) {
                    missing.add("by (" + l + "): no series of " + metrics + " has it  <- " + q);
                }
            }
        }
        return missing;
    }

    private static Set<String> names(String text) {
        Set<String> names = new TreeSet<>();
        Matcher m = BROKER_METRIC.matcher(text);
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
