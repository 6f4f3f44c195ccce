package dev.latencylab.producer.load;

import dev.latencylab.api.producer.SenderCounters;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Totals of the Kafka producer's own counters ({@link #TOTALS}) that survive
 * a settings change: the producer is replaced then, and its successor counts from zero. What the
 * retired producers counted is kept and added to the live one's count.
 */
final class ClientTotals {

    private static final String GROUP = "producer-metrics";
    /** The totals kept across producers: what counters() reports since the app started. */
    static final List<String> TOTALS =
            List.of("record-retry-total", "record-error-total", "bufferpool-wait-time-ns-total");

    private final Map<String, Long> retired = new HashMap<>();

    /** {@code name} of the producer's metrics group, retired producers included. */
    synchronized long total(String name, Map<MetricName, ? extends Metric> live) {
        return retired.getOrDefault(name, 0L) + current(name, live);
    }

    /**
     * The sender's counters since the app started, with the Kafka client's totals: the {@code live}
     * producer's (null: none made) and those of the ones it replaced.
     */
    synchronized SenderCounters counters(
            Producer<?, ?> live, long sent, long acked, long failed, long lastSequence, long lastAckedSequence) {
        Map<MetricName, ? extends Metric> metrics = live == null ? Map.of() : live.metrics();
        return new SenderCounters(
                sent,
                acked,
                failed,
                lastSequence,
                total("record-retry-total", metrics),
                total("record-error-total", metrics),
                // Time send() blocked on a full accumulator: a publish-delay window with any is not the sender's.
                total("bufferpool-wait-time-ns-total", metrics),
                lastAckedSequence);
    }

    /** Keeps what a producer about to be closed has counted. */
    synchronized void retire(Map<MetricName, ? extends Metric> closing) {
        for (String name : TOTALS) {
            retired.merge(name, current(name, closing), Long::sum);
        }
    }

    private static long current(String name, Map<MetricName, ? extends Metric> metrics) {
        for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
            if (e.getKey().name().equals(name) && e.getKey().group().equals(GROUP)) {
                Object value = e.getValue().metricValue();
                return value instanceof Number n ? (long) n.doubleValue() : 0;
            }
        }
        return 0;
    }
}
