package dev.latencylab.producer.load;

import dev.latencylab.core.latency.LatencyBucketCounts;
import dev.latencylab.core.latency.ScrapedLatency;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.distribution.TimeWindowMax;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The producer's two latency histograms, publish delay and ack latency, exported at scrape time:
 * the names, buckets ({@code LatencyBuckets}) and {@code _max} gauges the Micrometer timers had,
 * which cost the sender thread about 60 ns a record, 30 % of its own work ({@code
 * SenderPathBenchmark}, issue #48), and the Kafka I/O thread as much per acknowledgement. Counts,
 * sums and buckets cover the app's life; values are kept to the microsecond (3 significant digits),
 * as the consumer's e2e histograms are.
 */
@Component
public class SenderHistograms implements MultiCollector {

    private static final double[] BOUNDS = LatencyBucketCounts.upperBoundsSeconds();
    private static final String PUBLISH_DELAY = "lab_producer_publish_delay_seconds";
    private static final String PUBLISH_DELAY_HELP = "Actual minus intended send time (open-loop lateness)";
    private static final String ACK_LATENCY = "lab_producer_ack_latency_seconds";
    private static final String ACK_LATENCY_HELP = "Send call to acknowledgement";

    /** Actual minus intended send time of throttled records, written by the sender thread alone. */
    final ScrapedLatency publishDelay = ScrapedLatency.oneWriter();
    /**
     * Send call to acknowledgement, written by the Kafka client's I/O thread alone: the sender closes
     * each producer it replaces (joining that thread) before it makes the next ({@code LabProducers}).
     */
    final ScrapedLatency ackLatency = ScrapedLatency.oneWriter();

    /** The maxima decay as a Micrometer timer's do (2 minutes): the dashboards' "recent maximum". */
    private final TimeWindowMax publishDelayMax;

    private final TimeWindowMax ackLatencyMax;

    @Autowired
    SenderHistograms(PrometheusRegistry prometheus) {
        this(Clock.SYSTEM);
        prometheus.register(this);
    }

    /** Registered nowhere: for tests and benchmarks, which read {@link #collect()} themselves. */
    SenderHistograms(Clock clock) {
        publishDelayMax = new TimeWindowMax(clock, DistributionStatisticConfig.DEFAULT);
        ackLatencyMax = new TimeWindowMax(clock, DistributionStatisticConfig.DEFAULT);
    }

    @Override
    public synchronized MetricSnapshots collect() {
        LatencyBucketCounts delay = publishDelay.read();
        LatencyBucketCounts ack = ackLatency.read();
        publishDelayMax.record(delay.recentMaxSeconds());
        ackLatencyMax.record(ack.recentMaxSeconds());
        return new MetricSnapshots(
                histogram(PUBLISH_DELAY, PUBLISH_DELAY_HELP, delay),
                histogram(ACK_LATENCY, ACK_LATENCY_HELP, ack),
                max(PUBLISH_DELAY, PUBLISH_DELAY_HELP, publishDelayMax),
                max(ACK_LATENCY, ACK_LATENCY_HELP, ackLatencyMax));
    }

    private static HistogramSnapshot histogram(String name, String help, LatencyBucketCounts counts) {
        return HistogramSnapshot.builder()
                .name(name)
                .help(help)
                .dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts.counts()))
                        .sum(counts.sumSeconds())
                        .build())
                .build();
    }

    private static GaugeSnapshot max(String name, String help, TimeWindowMax max) {
        return GaugeSnapshot.builder()
                .name(name + "_max")
                .help(help)
                .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                        .value(max.poll())
                        .build())
                .build();
    }
}
