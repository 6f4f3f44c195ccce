package dev.latencylab.runner.results;

import dev.latencylab.api.accounting.PhaseCounts;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every figure of a summary row, by a key that is its path in summary.json's phase rows
 * ({@code latencyMs.p99}, {@code cpuCores.brokers.2}), in the order the rows hold them: the one
 * list the spreads across repeats, the tables and the reading take their figures from. A figure
 * the row does not have is present with a null value.
 */
final class Figures {

    static final String SAMPLES = "samples";
    static final String P50 = "latencyMs.p50";
    static final String P95 = "latencyMs.p95";
    static final String P99 = "latencyMs.p99";
    static final String P999 = "latencyMs.p999";
    static final String MAX = "latencyMs.max";
    static final String CORRECTED_P50 = "correctedLatencyMs.p50";
    static final String CORRECTED_P95 = "correctedLatencyMs.p95";
    static final String CORRECTED_P99 = "correctedLatencyMs.p99";
    static final String CORRECTED_P999 = "correctedLatencyMs.p999";
    static final String CORRECTED_MAX = "correctedLatencyMs.max";
    static final String MEASURED_SECONDS = "measuredSeconds";
    static final String ACHIEVED_RATE = "achievedRate";
    static final String ACHIEVED_SHARE = "achievedShare";
    /** Acknowledged records/s ({@link PhaseSummary#ackedRate}): an unthrottled phase's throughput. */
    static final String ACKED_RATE = "ackedRate";

    static final String DELAY = "publishDelayMs.";
    static final String DELAY_P50 = "publishDelayMs.p50";
    static final String DELAY_P99 = "publishDelayMs.p99";
    static final String DELAY_P999 = "publishDelayMs.p999";
    static final String DELAY_MAX = "publishDelayMs.max";
    /** 1 when the phase was closed (the fence passed), 0 when not, null when it has no counts. */
    static final String FENCED = "fenced";

    static final String SENT = "counts.sent";
    static final String ACKED = "counts.acked";
    static final String FAILED = "counts.failed";
    static final String RECEIVED = "counts.received";
    static final String LOST = "counts.lost";
    static final String UNOBSERVED = "counts.unobserved";
    static final String UNREAD = "counts.unread";
    static final String STORED_DESPITE_FAILURE = "counts.storedDespiteFailure";
    static final String LATE = "counts.late";
    static final String DUPLICATED = "counts.duplicated";
    static final String REDELIVERED = "counts.redelivered";
    static final String OUT_OF_ORDER = "counts.outOfOrder";
    static final String CLAMPED = "counts.clamped";
    static final String CPU_PRODUCER = "cpuCores.producer";
    static final String CPU_CONSUMER = "cpuCores.consumer";
    static final String CPU_BROKER = "cpuCores.brokers.";
    static final String CPU_BROKERS = "cpuCores.brokersTotal";
    static final String CPU_TOTAL = "cpuCores.total";
    static final String PRODUCE_RPS = "requestsPerSecond.produce";
    static final String FETCH_CONSUMER_RPS = "requestsPerSecond.fetchConsumer";
    static final String FETCH_FOLLOWER_RPS = "requestsPerSecond.fetchFollower";
    static final String BYTES_IN = "bytesInPerSecond";
    static final String RECORDS_PER_REQUEST = "producer.recordsPerRequest";
    static final String BYTES_PER_REQUEST = "producer.bytesPerRequest";
    static final String BATCH_BYTES_PER_RECORD = "producer.batchBytesPerRecord";
    static final String BATCH_SIZE_AVG = "producer.batchSizeAvg";
    static final String COMPRESSION_RATE_AVG = "producer.compressionRateAvg";
    static final String RECORD_QUEUE_TIME_AVG = "producer.recordQueueTimeAvgMs";
    static final String RECORDS_PER_PRODUCE_REQUEST = "recordsPerProduceRequest";
    static final String GC_PRODUCER = "gcPauseMsPerSecond.producer";
    static final String GC_CONSUMER = "gcPauseMsPerSecond.consumer";
    static final String GC_BROKERS = "gcPauseMsPerSecond.brokers";
    /** Bytes on disk per record of the phase's own topic, and that as a ratio to compression none (see {@link DiskRatios}). */
    static final String DISK_BYTES_PER_RECORD = "disk.bytesPerRecord";

    static final String DISK_RATIO = "disk.ratioToNone";

    private Figures() {}

    static Map<String, Double> of(PhaseSummary p) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put(SAMPLES, number(p.samples()));
        latency(m, "latencyMs.", p.latencyMs());
        latency(m, "correctedLatencyMs.", p.correctedLatencyMs());
        latency(m, DELAY, p.publishDelayMs());
        m.put(MEASURED_SECONDS, p.measuredSeconds());
        m.put(ACHIEVED_RATE, p.achievedRate());
        m.put(ACHIEVED_SHARE, p.achievedShare());
        m.put(ACKED_RATE, p.ackedRate());
        PhaseCounts c = p.counts();
        m.put(FENCED, c == null ? null : p.fenced() ? 1.0 : 0.0);
        m.put(SENT, c == null ? null : (double) c.sent());
        m.put(ACKED, c == null ? null : (double) c.acked());
        m.put(FAILED, c == null ? null : (double) c.failed());
        m.put(RECEIVED, c == null ? null : (double) c.received());
        m.put(LOST, c == null ? null : (double) c.lost());
        m.put(UNOBSERVED, c == null ? null : (double) c.unobserved());
        m.put(UNREAD, c == null ? null : (double) c.unread());
        m.put(STORED_DESPITE_FAILURE, c == null ? null : (double) c.storedDespiteFailure());
        m.put(LATE, c == null ? null : (double) c.late());
        m.put(DUPLICATED, c == null ? null : (double) c.duplicated());
        m.put(REDELIVERED, c == null ? null : (double) c.redelivered());
        m.put(OUT_OF_ORDER, c == null ? null : (double) c.outOfOrder());
        m.put(CLAMPED, c == null ? null : (double) c.clamped());
        PhaseSummary.Cpu cpu = p.cpuCores();
        m.put(CPU_PRODUCER, cpu == null ? null : cpu.producer());
        m.put(CPU_CONSUMER, cpu == null ? null : cpu.consumer());
        if (cpu != null) {
            cpu.brokers().forEach((id, cores) -> m.put(CPU_BROKER + id, cores));
        }
        m.put(CPU_BROKERS, cpu == null ? null : cpu.brokersTotal());
        m.put(CPU_TOTAL, cpu == null ? null : cpu.total());
        PhaseSummary.Requests r = p.requestsPerSecond();
        m.put(PRODUCE_RPS, r == null ? null : r.produce());
        m.put(FETCH_CONSUMER_RPS, r == null ? null : r.fetchConsumer());
        m.put(FETCH_FOLLOWER_RPS, r == null ? null : r.fetchFollower());
        m.put(BYTES_IN, p.bytesInPerSecond());
        PhaseSummary.Batching b = p.producer() == null ? PhaseSummary.Batching.NONE : p.producer();
        m.put(RECORDS_PER_REQUEST, b.recordsPerRequest());
        m.put(BYTES_PER_REQUEST, b.bytesPerRequest());
        m.put(BATCH_BYTES_PER_RECORD, b.batchBytesPerRecord());
        m.put(BATCH_SIZE_AVG, b.batchSizeAvg());
        m.put(COMPRESSION_RATE_AVG, b.compressionRateAvg());
        m.put(RECORD_QUEUE_TIME_AVG, b.recordQueueTimeAvgMs());
        m.put(RECORDS_PER_PRODUCE_REQUEST, p.recordsPerProduceRequest());
        PhaseSummary.GcPauses gc = p.gcPauseMsPerSecond() == null ? PhaseSummary.GcPauses.NONE : p.gcPauseMsPerSecond();
        m.put(GC_PRODUCER, gc.producer());
        m.put(GC_CONSUMER, gc.consumer());
        m.put(GC_BROKERS, gc.brokers());
        m.put(DISK_BYTES_PER_RECORD, p.disk() == null ? null : p.disk().bytesPerRecord());
        m.put(DISK_RATIO, p.disk() == null ? null : p.disk().ratioToNone());
        return m;
    }

    private static void latency(Map<String, Double> m, String prefix, PhaseSummary.Latency l) {
        PhaseSummary.Latency v = l == null ? PhaseSummary.Latency.NONE : l;
        m.put(prefix + "p50", v.p50());
        m.put(prefix + "p95", v.p95());
        m.put(prefix + "p99", v.p99());
        m.put(prefix + "p999", v.p999());
        m.put(prefix + "max", v.max());
    }

    private static Double number(Long v) {
        return v == null ? null : v.doubleValue();
    }
}
