package dev.latencylab.runner.compare;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.latencylab.runner.lab.LatencyReport;

/**
 * What a {@code compare} run measured, as written to compare.json and rendered to compare.md.
 * A verdict is null when its part did not run to the end (see {@code stopReason}).
 */
public record CompareResult(Instant startedAt, Instant endedAt, boolean complete, String stopReason, String command,
        Setup setup, List<ThroughputRound> throughput, Verdict throughputVerdict, List<LatencyRound> latency,
        Verdict latencyVerdict, List<String> notes, List<String> warnings) {

    public CompareResult {
        throughput = List.copyOf(throughput);
        latency = List.copyOf(latency);
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
    }

    /**
     * The settings both sides ran with, and where.
     *
     * @param benchLayout the lab topic's layout, which the bench topic copies
     */
    public record Setup(String acks, int recordBytes, String compression, int lingerMs, int batchSize, int lowRate,
            int latencyLingerMs, String warmup, String duration, int rounds, String labTopic, String benchTopic,
            TopicLayout benchLayout, Map<String, String> producerProperties, String kafkaTools, String java, String os,
            int cores) {
    }

    /**
     * One round of the throughput part: the lab first, then ProducerPerformance sized from the
     * lab's rate; {@code toolMeasured} is the tool's acknowledged rate over the same window.
     */
    public record ThroughputRound(int round, LabThroughput lab, ProducerPerfOutput.Measured toolMeasured,
            ProducerPerfOutput tool, long toolRecords, List<String> toolCommand) {

        @JsonProperty("ratio")
        public double ratio() {
            return lab.ackedPerSec() / toolMeasured.recordsPerSec();
        }
    }

    /** One round of the latency part: the lab's low-rate window, then EndToEndLatency. */
    public record LatencyRound(int round, LatencyReport.PhaseLatency lab, EndToEndResult tool, long toolRecords,
            List<String> toolCommand) {
    }
}
