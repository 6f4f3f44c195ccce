package dev.latencylab.runner.results;

import java.util.Map;

/** Prometheus' figures for one phase's measured window; null wherever Prometheus had no value. */
public record PhaseMetrics(
        Double producerCpu,
        Double consumerCpu,
        Map<String, Double> brokerCpu,
        Double produceRps,
        Double fetchConsumerRps,
        Double fetchFollowerRps,
        Double bytesInPerSecond,
        Double batchSizeAvg,
        Double recordsPerRequestAvg,
        Double compressionRateAvg,
        Double recordQueueTimeAvgMs,
        Double producerGcPause,
        Double consumerGcPause,
        Double brokersGcPause) {

    public static final PhaseMetrics EMPTY =
            new PhaseMetrics(null, null, Map.of(), null, null, null, null, null, null, null, null, null, null, null);

    public PhaseMetrics {
        brokerCpu = dev.latencylab.runner.results.BrokerIds.sorted(brokerCpu);
    }
}
