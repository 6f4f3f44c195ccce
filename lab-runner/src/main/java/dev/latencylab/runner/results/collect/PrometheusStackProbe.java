package dev.latencylab.runner.results.collect;

import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.PromSeries;
import dev.latencylab.runner.endpoint.PrometheusClient;
import dev.latencylab.runner.run.StackProbe;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The stack warm-up's figures from Prometheus, with the phase figures' own expressions
 * ({@link PhaseQueries}) over the warm-up's window: the consumer's e2e p50 (its Prometheus
 * histogram, every setting together) and the CPU of producer, consumer and brokers added up.
 */
public final class PrometheusStackProbe implements StackProbe {

    private final PrometheusClient prometheus;

    public PrometheusStackProbe(PrometheusClient prometheus) {
        this.prometheus = prometheus;
    }

    @Override
    public StackFigures read(Instant end, Duration window) throws InterruptedException {
        PhaseQueries q = new PhaseQueries(window);
        List<String> missing = new ArrayList<>();
        try {
            Double p50 = sum(q.consumerQuantile("lab_e2e_latency_seconds", 0.5) + " * 1000", end, missing);
            Double producer = sum(q.producerCpu(), end, missing);
            Double consumer = sum(q.consumerCpu(), end, missing);
            Double brokers = sum(q.brokerCpu(), end, missing);
            Double cpu = producer == null || consumer == null || brokers == null ? null : producer + consumer + brokers;
            return new StackFigures(
                    p50, cpu, missing.isEmpty() ? null : "Prometheus has no value for " + String.join(", ", missing));
        } catch (EndpointException e) {
            return new StackFigures(null, null, e.getMessage());
        }
    }

    /** The sum of the query's series (one per broker for the brokers' CPU), null when it has none. */
    private Double sum(String promql, Instant at, List<String> missing) throws InterruptedException {
        double total = 0;
        boolean any = false;
        for (PromSeries s : prometheus.instant(promql, at)) {
            if (s.value() != null && Double.isFinite(s.value())) {
                total += s.value();
                any = true;
            }
        }
        if (!any) {
            missing.add(promql);
        }
        return any ? total : null;
    }
}
