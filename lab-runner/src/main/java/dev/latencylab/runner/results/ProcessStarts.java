package dev.latencylab.runner.results;

import dev.latencylab.runner.http.EndpointException;
import dev.latencylab.runner.http.PromSeries;
import dev.latencylab.runner.http.PrometheusClient;
import dev.latencylab.runner.run.StackAge;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The stack's age from Prometheus: the latest process_start_time_seconds of the brokers (JMX
 * exporter's process collector) and the two apps (Micrometer). Unknown when Prometheus has none.
 */
public final class ProcessStarts implements StackAge {

    static final String QUERY = "max(process_start_time_seconds{job=~\"kafka|producer-app|consumer-app\"})";

    private final PrometheusClient prometheus;
    private final Clock clock;

    public ProcessStarts(PrometheusClient prometheus, Clock clock) {
        this.prometheus = prometheus;
        this.clock = clock;
    }

    @Override
    public Optional<Instant> youngestStart() throws InterruptedException {
        try {
            List<PromSeries> samples = prometheus.instant(QUERY, clock.instant());
            if (samples.isEmpty() || samples.get(0).value() == null) {
                return Optional.empty();
            }
            return Optional.of(Instant.ofEpochMilli(Math.round(samples.get(0).value() * 1000)));
        } catch (EndpointException e) {
            // The age only decides whether to let the stack settle first; the run itself goes on.
            return Optional.empty();
        }
    }
}
