package dev.latencylab.consumer.latency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.core.accounting.OffsetLedgers;
import dev.latencylab.core.header.LabHeader;
import dev.latencylab.core.header.RecordStamp;
import dev.latencylab.core.latency.LatencyRecorder;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The app's Prometheus scrape, as Spring Boot wires it, holds the histograms read at scrape time. */
class LatencyHistogramsWiringTest {

    private final ApplicationContextRunner app = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    MetricsAutoConfiguration.class,
                    CompositeMeterRegistryAutoConfiguration.class,
                    PrometheusMetricsExportAutoConfiguration.class))
            .withBean(LatencyRecorder.class, () -> new LatencyRecorder(Duration.ofSeconds(5), OffsetLedgers.inMemory()))
            .withBean(LatencyHistograms.class)
            .withBean(LatencyMetrics.class);

    @Test
    void theScrapeHasEachPhasesHistogramsAndTheRecordersCounters() {
        app.run(context -> {
            long t0 = 1_763_769_600_000_000L;
            context.getBean(LatencyRecorder.class)
                    .record(
                            LabHeader.encode(new RecordStamp(t0, t0, 0, UUID.randomUUID(), 7001)),
                            "{}".getBytes(StandardCharsets.US_ASCII),
                            "lab.orders",
                            0,
                            0,
                            t0 + 1_000);

            String scrape = context.getBean(PrometheusMeterRegistry.class).scrape();

            assertThat(scrape)
                    .contains("lab_e2e_latency_seconds_bucket{phase=\"7001\",le=\"0.0010395\"} 1")
                    .contains("lab_e2e_corrected_latency_seconds_count{phase=\"7001\"} 1")
                    .contains("lab_consumer_lost_records_total");
        });
    }
}
