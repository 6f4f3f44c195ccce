package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.junit.jupiter.api.Test;

class ClientTotalsTest {

    private static Map<MetricName, Metric> metrics(String name, double value) {
        MetricName n = new MetricName(name, "producer-metrics", "", Map.of());
        Metric m = new Metric() {
            @Override
            public MetricName metricName() {
                return n;
            }

            @Override
            public Object metricValue() {
                return value;
            }
        };
        return Map.of(n, m);
    }

    @Test
    void theAccumulatorsWaitSurvivesAProducerReplaced() {
        ClientTotals totals = new ClientTotals();
        totals.retire(metrics("bufferpool-wait-time-ns-total", 1_500));

        assertThat(totals.total("bufferpool-wait-time-ns-total", metrics("bufferpool-wait-time-ns-total", 250)))
                .isEqualTo(1_750);
    }

    @Test
    void aMetricOfAnotherGroupIsNotCounted() {
        MetricName n = new MetricName("bufferpool-wait-time-ns-total", "producer-node-metrics", "", Map.of());
        Map<MetricName, Metric> other =
                Map.of(n, metrics("x", 9).values().iterator().next());

        assertThat(new ClientTotals().total("bufferpool-wait-time-ns-total", other))
                .isZero();
    }
}
