package dev.latencylab.runner.results.collect;

import java.util.Map;

/**
 * Prometheus' figures for one phase's measured window; null wherever Prometheus had no value. The
 * {@code client...} figures are how much the producer client's own counters grew over the window
 * (see PhaseQueries); the {@code ...Avg} ones are the client's gauges, its own trailing averages.
 */
public record PhaseMetrics(
        Double producerCpu,
        Double consumerCpu,
        Map<String, Double> brokerCpu,
        Double produceRps,
        Double fetchConsumerRps,
        Double fetchFollowerRps,
        Double bytesInPerSecond,
        Double clientRecordsSent,
        Double clientRequests,
        Double clientBytesSent,
        Double clientBatchBytes,
        Double clientBatchRecords,
        Double batchSizeAvg,
        Double compressionRateAvg,
        Double recordQueueTimeAvgMs,
        Double producerGcPause,
        Double consumerGcPause,
        Double brokersGcPause,
        Double offsetCommitRps) {

    public static final PhaseMetrics EMPTY = new PhaseMetrics(
            null, null, Map.of(), null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null);

    public PhaseMetrics {
        brokerCpu = BrokerIds.sorted(brokerCpu);
    }
}
