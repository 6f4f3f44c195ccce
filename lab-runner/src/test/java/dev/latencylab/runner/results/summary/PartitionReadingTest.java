package dev.latencylab.runner.results.summary;

import static dev.latencylab.runner.results.summary.Phases.partitioned;
import static dev.latencylab.runner.results.summary.Phases.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PartitionReadingTest {

    private static final double UNTHROTTLED = SettingsLimits.UNTHROTTLED;

    private static String read(List<PhaseSummary> rows) {
        return PartitionReading.read(Phases.repeated(1, rows));
    }

    @Test
    void eachFamilysFiguresPerPartitionCountAndWhereAddingStopsPaying() {
        String text = read(Phases.partitions(new double[] {20_000, 30_000, 31_000}, new double[] {20.0, 12.0, 30.0}));

        assertThat(text)
                .contains("Keyed (order-id), unthrottled: 20000 acked records/s at 1 partition, 30000 acked records/s "
                        + "at 10 partitions, 31000 acked records/s at 100 partitions.")
                .contains("By these single runs, adding partitions stops paying after 10 for keyed (order-id), "
                        + "unthrottled: from 10 partitions to 100, throughput went 30000 -> 31000 acked records/s "
                        + "(3 % higher), not 10 % more.")
                .contains("Keyless, at 2000 records/s: e2e p99 and publish delay p99 20.0 and 0.50 ms at 1 partition, "
                        + "12.0 and 0.40 ms at 10 partitions, 30.0 and 2.00 ms at 100 partitions.")
                .contains("By these single runs, adding partitions stops paying after 10 for keyless, at 2000 "
                        + "records/s: from 10 partitions to 100, e2e p99 went 12.0 -> 30.0 ms (2.5x), not 10 % lower.");
    }

    @Test
    void theVerdictFollowsTheNumbers() {
        String text = read(Phases.partitions(new double[] {20_000, 30_000, 45_000}, new double[] {20.0, 21.0, 30.0}));

        assertThat(text)
                .contains(
                        "By these single runs, adding partitions paid at every step up to 100 for keyed (order-id), "
                                + "unthrottled: each at least 10 % more, 20000 -> 45000 acked records/s from 1 partition to 100.")
                .contains("adding partitions stops paying after 1 for keyless, at 2000 records/s: from 1 partition "
                        + "to 10, e2e p99 went 20.0 -> 21.0 ms (5 % higher), not 10 % lower.");
    }

    @Test
    void withRepeatsOverlappingRangesMeanNoMeasurableGain() {
        // Median 25000 (20000..30000) at 1 partition, 31000 (28000..34000) at 10: 24 % more, but within the noise.
        List<PhaseSummary> rows = List.of(
                repeat(partitioned(1, KeyStrategy.NONE, UNTHROTTLED, 20_000, 900.0, 400.0), 1),
                repeat(partitioned(10, KeyStrategy.NONE, UNTHROTTLED, 28_000, 900.0, 400.0), 1),
                repeat(partitioned(10, KeyStrategy.NONE, UNTHROTTLED, 34_000, 900.0, 400.0), 2),
                repeat(partitioned(1, KeyStrategy.NONE, UNTHROTTLED, 30_000, 900.0, 400.0), 2));

        String text = PartitionReading.read(Phases.repeated(2, rows));

        assertThat(text)
                .contains("Keyless, unthrottled (medians over the repeats): 25000 acked records/s at 1 partition")
                .contains("Adding partitions stops paying after 1 for keyless, unthrottled: from 1 partition to 10, "
                        + "throughput went 25000 -> 31000 acked records/s (24 % higher), their ranges over the repeats "
                        + "overlapping: no gain measurable.")
                .doesNotContain("By these single runs");
    }

    @Test
    void withoutASizeOnDiskThePartitionsWrittenToCount() {
        PhaseSummary onePartition = partitioned(1, KeyStrategy.NONE, UNTHROTTLED, 20_000, 900.0, 400.0);
        PhaseSummary tenPartitions = partitioned(10, KeyStrategy.NONE, UNTHROTTLED, 40_000, 900.0, 400.0);
        List<PhaseSummary> rows = List.of(onePartition.withDisk(null), written(tenPartitions.withDisk(null), 10));

        assertThat(read(rows)).isNull();
        assertThat(read(List.of(written(onePartition.withDisk(null), 1), written(tenPartitions.withDisk(null), 10))))
                .contains("40000 acked records/s at 10 partitions");
    }

    @Test
    void unthrottledThroughputCountsAckedRecordsNotFailedSends() {
        // 40000 sent/s each; at 10 partitions a fifth of the sends failed: 32000 acked/s, 20 % less.
        PhaseSummary one = partitioned(1, KeyStrategy.NONE, UNTHROTTLED, 40_000, 900.0, 400.0);
        PhaseSummary ten = Phases.withCounts(
                partitioned(10, KeyStrategy.NONE, UNTHROTTLED, 40_000, 900.0, 400.0),
                new PhaseCounts(50_000, 40_000, 10_000, 40_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null));

        assertThat(read(List.of(one, ten)))
                .contains("40000 acked records/s at 1 partition, 32000 acked records/s at 10 partitions.")
                .contains("throughput went 40000 -> 32000 acked records/s (20 % lower)");
    }

    private static PhaseSummary written(PhaseSummary p, int partitions) {
        return Phases.withDescription(
                p,
                new PhaseDescription(
                        "lab.orders." + p.name(),
                        IntStream.range(0, partitions).boxed().toList(),
                        null));
    }

    @Test
    void aRunOfOnePartitionCountHasNoPartitionReading() {
        RunSummary matrix = Phases.repeated(
                1,
                List.of(
                        Phases.cell(0, Compression.NONE, 8.0, 0.2, 1000.0),
                        Phases.cell(0, Compression.GZIP, 9.0, 0.3, 430.0)));

        assertThat(PartitionReading.read(matrix)).isNull();
    }
}
