package dev.latencylab.runner.results.summary;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.results.collect.BrokerIds;
import dev.latencylab.runner.run.PhaseDescription;
import java.time.Instant;
import java.util.Map;

/**
 * One row of the summary: one phase of the run, {@code repeat} saying which of the scenario's
 * repeats (1..N) it was. Latency comes from the consumer endpoint (HdrHistogram, exact per
 * phase), publish delay from the producer's (HdrHistogram per phase), counts from the producer's
 * acknowledgements and the consumer group's offset ledger once the phase was closed (the fence),
 * rates from the producer's counters, the rest from Prometheus over the measured window. Every
 * figure that could not be measured is null.
 *
 * @param phaseId the id the phase's records carried in their header
 * @param samples the phase's latency samples: its records received whose value was the lab's JSON
 * @param unsampled the phase's records received whose value was not a JSON object (a user's sample
 *     line): counted as received, without a latency sample; null when the consumer had no figures
 * @param fenced whether the phase was closed: the consumer group passed every offset the producer
 *     acknowledged in it, so its counts are final
 * @param description the topic, partitions and consumer (group, settings) the phase ran on
 * @param disk the phase's own topic on disk after it (null when it wrote the lab topic)
 */
public record PhaseSummary(
        String name,
        int repeat,
        int phaseId,
        ProducerSettings settings,
        Instant measuredFrom,
        Instant measuredTo,
        double measuredSeconds,
        boolean complete,
        Long samples,
        Long unsampled,
        Latency latencyMs,
        Latency correctedLatencyMs,
        Latency publishDelayMs,
        Double achievedRate,
        PhaseCounts counts,
        boolean fenced,
        PhaseDescription description,
        Cpu cpuCores,
        Requests requestsPerSecond,
        Double bytesInPerSecond,
        Batching producer,
        GcPauses gcPauseMsPerSecond,
        Disk disk,
        Drain drain,
        Outage outage) {

    public PhaseSummary {
        // summary.json written before repeats existed has no repeat: each phase ran once.
        repeat = Math.max(1, repeat);
    }

    PhaseSummary withDisk(Disk newDisk) {
        return new PhaseSummary(
                name,
                repeat,
                phaseId,
                settings,
                measuredFrom,
                measuredTo,
                measuredSeconds,
                complete,
                samples,
                unsampled,
                latencyMs,
                correctedLatencyMs,
                publishDelayMs,
                achievedRate,
                counts,
                fenced,
                description,
                cpuCores,
                requestsPerSecond,
                bytesInPerSecond,
                producer,
                gcPauseMsPerSecond,
                newDisk,
                drain,
                outage);
    }

    /**
     * The phase's topic on disk: the log bytes of one replica per partition, the records in it, and
     * bytes per record as a ratio to the phase with compression none and otherwise the same
     * producer settings in this run (null when there is none).
     */
    public record Disk(
            String topic, int partitions, long bytes, long records, Double bytesPerRecord, Double ratioToNone) {}

    /** Milliseconds of GC pause per second of the window (1000 = paused all the time); brokers summed. */
    public record GcPauses(Double producer, Double consumer, Double brokers) {
        public static final GcPauses NONE = new GcPauses(null, null, null);
    }

    /** Milliseconds. */
    public record Latency(Double p50, Double p95, Double p99, Double p999, Double max) {
        public static final Latency NONE = new Latency(null, null, null, null, null);
    }

    /** Cores (CPU seconds per second); {@code total} only when producer, consumer and brokers are all known. */
    public record Cpu(
            Double producer, Double consumer, Map<String, Double> brokers, Double brokersTotal, Double total) {
        public Cpu {
            brokers = BrokerIds.sorted(brokers);
        }
    }

    /** Requests/s the brokers counted; {@code offsetCommit} is the consumer group's commits. */
    public record Requests(Double produce, Double fetchConsumer, Double fetchFollower, Double offsetCommit) {
        /** Without commits (summary.json from before they were counted). */
        public Requests(Double produce, Double fetchConsumer, Double fetchFollower) {
            this(produce, fetchConsumer, fetchFollower, null);
        }
    }

    /**
     * A phase that drained a backlog: the records piled up (acknowledged in the phase: the scenario's
     * backlog, at which the producer stopped by itself, less any send that failed; null when the phase's
     * counts are unknown), those the consumer processed in the window (null without the consumer's view),
     * seconds from the resume to the last one, their rate, and the consumer settings.
     */
    public record Drain(Long backlog, Long drained, Double seconds, Double recordsPerSecond, String consumer) {}

    /**
     * The Kafka producer client's figures. Over the measured window alone, from the growth of the
     * client's counters: records and bytes (on the wire, headers included) per request it sent, and
     * the batches' bytes (as sent, after compression) per record. The client keeps no counter behind
     * the other three, only its own averages over its trailing 30-60 s: batch size (bytes),
     * compressed / uncompressed size, ms a record waited before its batch was sent.
     */
    public record Batching(
            Double recordsPerRequest,
            Double bytesPerRequest,
            Double batchBytesPerRecord,
            Double batchSizeAvg,
            Double compressionRateAvg,
            Double recordQueueTimeAvgMs) {
        public static final Batching NONE = new Batching(null, null, null, null, null, null);
    }

    /**
     * Records per Produce request over exactly the measured window: records the producer sent /
     * Produce requests the brokers counted (the lab's producer is their only one), or null. A check
     * on the client's own count ({@link Batching#recordsPerRequest}) from the other side.
     */
    public Double recordsPerProduceRequest() {
        Double produce = requestsPerSecond == null ? null : requestsPerSecond.produce();
        return achievedRate == null || produce == null || produce <= 0 ? null : achievedRate / produce;
    }

    /**
     * The partition count of the phase's topic: its own topic's on disk, else how many partitions
     * its records were written to (a keyless phase may miss some of a large topic's); null when
     * neither is known.
     */
    public Integer partitions() {
        if (disk != null && disk.partitions() > 0) {
            return disk.partitions();
        }
        return description == null || description.partitions().isEmpty()
                ? null
                : description.partitions().size();
    }

    /** The consumer the phase ran with, as the consumer-app described it; null when not known. */
    public ConsumerDescription consumer() {
        return description == null ? null : description.consumer();
    }

    /** The row's name in a section's table: "linger-5#2" for a later repeat. */
    public String tag() {
        return repeat > 1 ? name + "#" + repeat : name;
    }

    /** {@link #tag()}, followed by " (partial)" for a phase cut short in its window. */
    public String tagMarked() {
        return complete ? tag() : tag() + " (partial)";
    }

    public Long lost() {
        return counts == null ? null : counts.lost();
    }

    public Long duplicated() {
        return counts == null ? null : counts.duplicated();
    }

    /**
     * Acknowledged records per second: the achieved (sent) rate less the share of its sends that
     * failed, what an unthrottled phase's throughput is; null when the counts are unknown (the sent
     * rate is no throughput when some sends may have failed).
     */
    public Double ackedRate() {
        if (achievedRate == null || counts == null) {
            return null;
        }
        if (counts.sent() == 0) {
            return achievedRate;
        }
        return achievedRate * counts.acked() / counts.sent();
    }

    /** Achieved / target, or null. */
    public Double achievedShare() {
        return achievedRate == null || settings.rate() <= 0 ? null : achievedRate / settings.rate();
    }
}
