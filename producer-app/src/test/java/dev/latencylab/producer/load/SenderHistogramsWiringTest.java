package dev.latencylab.producer.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The app's Prometheus scrape, as Spring Boot wires it, holds the histograms read at scrape time. */
class SenderHistogramsWiringTest {

    private final ApplicationContextRunner app = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    MetricsAutoConfiguration.class,
                    CompositeMeterRegistryAutoConfiguration.class,
                    PrometheusMetricsExportAutoConfiguration.class))
            .withBean(SenderHistograms.class);

    @Test
    void theScrapeHasThePublishDelayAndAckLatencyHistograms() {
        app.run(context -> {
            SenderHistograms histograms = context.getBean(SenderHistograms.class);
            histograms.publishDelay.recordMicros(1_000);
            histograms.ackLatency.recordMicros(3_000);

            String scrape = context.getBean(PrometheusMeterRegistry.class).scrape();

            assertThat(scrape)
                    .contains("lab_producer_publish_delay_seconds_bucket{le=\"0.0010395\"} 1")
                    .contains("lab_producer_ack_latency_seconds_count 1")
                    .contains("lab_producer_ack_latency_seconds_max 0.003");
        });
    }
}
