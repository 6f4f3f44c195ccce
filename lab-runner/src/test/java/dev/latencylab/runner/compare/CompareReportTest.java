package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.latency.Percentiles;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.PhaseKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class CompareReportTest {

    private static final Instant T0 = Instant.parse("2026-11-22T01:00:00Z");

    private static CompareResult result(boolean complete) {
        ProducerPerfOutput perf = ProducerPerfOutput.parse(Resources.text("producer-performance-5s-warmup-records.txt"))
                .orElseThrow();
        LabThroughput lab = new LabThroughput(T0, T0.plusSeconds(10), 1_000, 121_000, 1_100, 121_200, 0, 0);
        ProducerPerfOutput.Measured m = new ProducerPerfOutput.Measured(125_000, 10, 10, 10, true);
        Percentiles p = new Percentiles(2.31, 3.0, 3.2, 5.9, 9.0, 12.0);
        PhaseView phase =
                new PhaseView(0, new PhaseKey(0, 16384, Compression.NONE), 1500, T0, T0, p, p, 0, 0, 0, 0, 0, 0, null);
        EndToEndResult e2e =
                EndToEndResult.parse(Resources.text("end-to-end-latency.txt")).orElseThrow();
        List<CompareResult.ThroughputRound> t = List.of(new CompareResult.ThroughputRound(
                1, true, lab, m, perf, "28s", List.of("java", "-cp", "lib/*", KafkaTools.PRODUCER_PERFORMANCE)));
        List<CompareResult.LatencyRound> l = complete
                ? List.of(new CompareResult.LatencyRound(
                        1, true, phase, e2e, 1500, List.of("java", KafkaTools.END_TO_END_LATENCY)))
                : List.of();
        return new CompareResult(
                T0,
                T0.plusSeconds(200),
                complete,
                complete ? null : "failed: EndToEndLatency exited with 1",
                "scripts/lab compare --rounds 1",
                new CompareResult.Setup(
                        "all",
                        400,
                        "none",
                        5,
                        16384,
                        50,
                        0,
                        "30s",
                        "10s",
                        "10s",
                        1,
                        "lab.orders",
                        "lab.compare",
                        new TopicLayout(3, 3, 2),
                        Map.of("acks", "all"),
                        "kafka-tools 4.2.1",
                        "Java 17",
                        "Linux",
                        2),
                t,
                CompareRun.verdictOfThroughput(t),
                l,
                complete ? CompareRun.verdictOfLatency(l) : null,
                Differences.all(),
                List.of());
    }

    @Test
    void markdownStatesBothVerdictsTheRoundsTheDifferencesAndTheCommands() {
        String md = CompareReport.markdown(result(true));

        assertThat(md)
                .contains(
                        "**throughput ratio 0.960 (lab 12,000 / ProducerPerformance 12,500 records/s): goal >= 0.95 met**")
                .contains("| 1 | lab | 12,000 | 12,500 | 0.960 |")
                .contains("**e2e p50 ratio 1.155 (lab 2.31 ms / EndToEndLatency 2 ms): goal <= 1.2x met;")
                .contains("| 1 | lab | 2.31 | 5.90 | 1500 | 2 | 25 | 4.24 | 1500 | 1.155 |")
                .contains(Differences.CLOSED_LOOP)
                .contains("the consumer-app reads the lab topic")
                .contains("scripts/lab compare --rounds 1")
                .contains("java -cp 'lib/*' org.apache.kafka.tools.ProducerPerformance");
    }

    @Test
    void anUnfinishedRunSaysSoAndJudgesNothingItDidNotMeasure() {
        String md = CompareReport.markdown(result(false));

        assertThat(md)
                .contains("**Stopped before the end: failed: EndToEndLatency exited with 1**")
                .contains("**Not judged: this part did not run to the end.**")
                .contains("goal >= 0.95 met");
        assertThat(CompareReport.verdicts(result(false))).contains("e2e p50: not measured to the end");
    }

    @Test
    void writesJsonWithTheRatiosAndTheMarkdownBesideIt(@TempDir Path root) throws IOException {
        Path dir = CompareReport.folder(root, T0);
        CompareReport.write(dir, result(true));

        assertThat(dir.getFileName().toString()).isEqualTo("20261122T010000Z-compare");
        assertThat(CompareReport.folder(root, T0).getFileName().toString()).isEqualTo("20261122T010000Z-compare-2");
        JsonNode json = CompareReport.JSON.readTree(dir.resolve("compare.json").toFile());
        assertThat(json.get("throughput").get(0).get("ratio").asDouble()).isEqualTo(0.96);
        assertThat(json.get("throughput").get(0).get("lab").get("ackedPerSec").asDouble())
                .isEqualTo(12_000.0);
        assertThat(json.get("throughputVerdict").get("status").asString()).isEqualTo("MET");
        assertThat(json.get("latency").get(0).get("tool").get("p50Ms").asLong()).isEqualTo(2);
        assertThat(json.get("startedAt").asString()).isEqualTo("2026-11-22T01:00:00Z");
        assertThat(Files.readString(dir.resolve("compare.md"))).startsWith("# Lab vs Kafka's own tools");
    }
}
