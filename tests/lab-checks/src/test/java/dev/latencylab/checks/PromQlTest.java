package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The metric-name guard is only as good as its extraction, so the extraction is tested on its own. */
class PromQlTest {

    @Test
    void findsTheMetricInsideFunctionsAggregationsAndRanges() {
        String expr = "histogram_quantile(0.99, sum by (le, linger_ms) "
                + "(rate(lab_e2e_latency_seconds_bucket{job=\"consumer-app\"}[$__rate_interval])))";

        assertThat(PromQl.metricNames(expr)).containsExactly("lab_e2e_latency_seconds_bucket");
    }

    @Test
    void ignoresLabelsGroupingListsKeywordsDurationsAndNumbers() {
        String expr = "max without (client_id, spring_id) (kafka_producer_batch_size_avg) / 1e9 "
                + "+ on (app) group_left (instance) sum(rate(process_cpu_seconds_total{broker=~\"1|2\"}[5m] offset 1h))"
                + " > bool 0.5";

        assertThat(PromQl.metricNames(expr))
                .containsExactly("kafka_producer_batch_size_avg", "process_cpu_seconds_total");
    }

    @Test
    void findsEveryMetricOfABinaryExpression() {
        assertThat(PromQl.metricNames("lab_producer_records_sent_total - lab_producer_records_acked_total"))
                .containsExactly("lab_producer_records_sent_total", "lab_producer_records_acked_total");
    }

    @Test
    void replacesGrafanaVariablesWithDurations() {
        String expr = "increase(x_total[$__range]) / rate(x_total[$__rate_interval]) + rate(y[${__interval}])";

        assertThat(PromQl.withGrafanaVariablesReplaced(expr))
                .isEqualTo("increase(x_total[1h]) / rate(x_total[20s]) + rate(y[5s])");
    }

    @Test
    void replacesTemplateVariablesWithTheirDefaultInEverySyntax() {
        String expr = "max(x{${phase:raw}}) + max(y{$phase}) + max(z{[[phase]]}) + max(w{job=\"a\", ${phase}})";

        assertThat(PromQl.withGrafanaVariablesReplaced(expr, Map.of("phase", "le=~\".+\"")))
                .isEqualTo("max(x{le=~\".+\"}) + max(y{le=~\".+\"}) + max(z{le=~\".+\"})"
                        + " + max(w{job=\"a\", le=~\".+\"})");
    }

    @Test
    void rejectsVariablesPromtoolCannotCheck() {
        assertThatThrownBy(() -> PromQl.withGrafanaVariablesReplaced("rate(x_total[$window])"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("unknown Grafana variable");
    }
}
