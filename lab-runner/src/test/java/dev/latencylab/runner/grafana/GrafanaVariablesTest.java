package dev.latencylab.runner.grafana;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class GrafanaVariablesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Instant END = Instant.parse("2026-11-21T23:50:00Z");
    private static final Panel PLAIN = new Panel(1, "p", "timeseries", null, null, List.of());
    private static final Target TARGET = new Target("A", "x", false, true, null, null, null);

    private static GrafanaVariables variables(Duration window, Panel panel, Target target, String templating) {
        TimeWindow w = TimeWindow.last(window, END);
        List<JsonNode> vars = List.copyOf(JSON.readTree(templating).values());
        return GrafanaVariables.of(QueryTiming.forPanel(w, panel, target), vars);
    }

    @Test
    void rateIntervalIsFourScrapesWhenTheStepIsTheScrapeInterval() {
        GrafanaVariables v = variables(Duration.ofMinutes(15), PLAIN, TARGET, "[]");

        assertThat(v.substitute("sum(rate(lab_producer_records_sent_total[$__rate_interval]))"))
                .isEqualTo("sum(rate(lab_producer_records_sent_total[20s]))");
        assertThat(v.substitute("x[$__interval] $__interval_ms")).isEqualTo("x[5s] 5000");
        assertThat(v.substitute("increase(c[$__range]) ${__range_s} [[__range_ms]]"))
                .isEqualTo("increase(c[900s]) 900 900000");
        assertThat(v.substitute("$__rate_interval_ms")).isEqualTo("20000");
    }

    @Test
    void aLongWindowWidensTheStepAndTheRateIntervalFollowsIt() {
        // 6 h over 1000 points is 21.6 s, which Grafana rounds to 20 s; the rate interval is step + one scrape.
        GrafanaVariables v = variables(Duration.ofHours(6), PLAIN, TARGET, "[]");

        assertThat(v.substitute("[$__interval] [$__rate_interval] [$__range]")).isEqualTo("[20s] [25s] [21600s]");
    }

    @Test
    void panelMinIntervalAndTargetMinStepRaiseTheFloor() {
        Panel slow = new Panel(1, "p", "timeseries", "1m", null, List.of());
        assertThat(variables(Duration.ofMinutes(15), slow, TARGET, "[]").substitute("$__interval $__rate_interval"))
                .isEqualTo("1m 65s");

        Target minStep = new Target("A", "x", false, true, null, null, ">10s");
        // The min step stands for the scrape interval: 4 x 10 s.
        assertThat(variables(Duration.ofMinutes(15), PLAIN, minStep, "[]").substitute("$__interval $__rate_interval"))
                .isEqualTo("10s 40s");
    }

    @Test
    void templateVariablesTakeTheirSavedValueInEverySyntax() {
        String templating =
                """
                [{"name": "job", "type": "custom", "current": {"text": "kafka", "value": "kafka"}, "query": "kafka,producer-app"},
                 {"name": "topic", "type": "query", "multi": true, "current": {"value": ["lab.orders", "other"]}},
                 {"name": "broker", "type": "query", "includeAll": true, "allValue": ".+", "current": {"value": ["$__all"]}},
                 {"name": "codec", "type": "custom", "query": "none : none, lz4 : lz4"}]
                """;
        GrafanaVariables v = variables(Duration.ofMinutes(15), PLAIN, TARGET, templating);

        assertThat(v.substitute("x{job=\"$job\"} y{job=\"${job}\"} z{job=\"[[job]]\"}"))
                .isEqualTo("x{job=\"kafka\"} y{job=\"kafka\"} z{job=\"kafka\"}");
        assertThat(v.substitute("m{topic=~\"$topic\"}")).isEqualTo("m{topic=~\"(lab\\\\.orders|other)\"}");
        assertThat(v.substitute("m{broker=~\"$broker\"}")).isEqualTo("m{broker=~\".+\"}");
        assertThat(v.substitute("${topic:raw} $codec")).isEqualTo("lab.orders,other none");
    }

    @Test
    void unknownNamesAndRegexAnchorsAreLeftForPrometheus() {
        GrafanaVariables v = variables(Duration.ofMinutes(15), PLAIN, TARGET, "[]");

        assertThat(v.substitute("m{a=~\"foo$\"}[$nope]")).isEqualTo("m{a=~\"foo$\"}[$nope]");
    }

    @Test
    void everyQueryOfTheRepositoryDashboardsExpandsToPlainPromQl() {
        // Their datasource variable names the Prometheus, never a part of a query: every query reaches the
        // runner's Prometheus with no variable left.
        Pattern variableLeft = Pattern.compile("\\$\\{?\\w|\\[\\[\\w|DS_PROMETHEUS");
        TimeWindow w = TimeWindow.last(Duration.ofMinutes(15), END);
        List<String> left = new ArrayList<>();
        int queries = 0;
        for (LabDashboard d : LabDashboards.load(LabDashboardTest.REPO_DASHBOARDS)) {
            for (Panel p : d.panels()) {
                for (Target t : p.targets()) {
                    String expr = GrafanaVariables.of(QueryTiming.forPanel(w, p, t), d.variables())
                            .substitute(t.expr());
                    queries++;
                    if (variableLeft.matcher(expr).find()) {
                        left.add(d.uid() + " / " + p.title() + " / " + t.refId() + ": " + expr);
                    }
                }
            }
            for (AnnotationQuery a : d.annotations()) {
                String expr = GrafanaVariables.of(QueryTiming.forAnnotation(w, a), d.variables())
                        .substitute(a.expr());
                queries++;
                if (variableLeft.matcher(expr).find()) {
                    left.add(d.uid() + " / annotation " + a.name() + ": " + expr);
                }
            }
        }
        assertThat(queries).isPositive();
        assertThat(left).isEmpty();
    }

    @Test
    void grafanaRoundsRawIntervalsToItsTable() {
        assertThat(QueryTiming.round(Duration.ofMillis(900))).isEqualTo(Duration.ofSeconds(1));
        assertThat(QueryTiming.round(Duration.ofMillis(21_600))).isEqualTo(Duration.ofSeconds(20));
        assertThat(QueryTiming.round(Duration.ofSeconds(100))).isEqualTo(Duration.ofMinutes(2));
        assertThat(QueryTiming.promDuration(Duration.ofSeconds(65))).isEqualTo("65s");
        assertThat(QueryTiming.promDuration(Duration.ofMinutes(2))).isEqualTo("2m");
    }
}
