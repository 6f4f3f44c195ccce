package dev.latencylab.runner.results.summary;

import static dev.latencylab.runner.results.summary.Phases.cell;
import static dev.latencylab.runner.results.summary.Phases.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompressionReadingTest {

    /** Two lingers x none, gzip, zstd; gzip smallest on disk and dearest in producer CPU. */
    private static List<PhaseSummary> matrix(double zstdBytesAt20, double gzipP99At0) {
        return DiskRatios.fill(List.of(
                cell(0, Compression.NONE, 8.0, 0.20, 1000.0),
                cell(0, Compression.GZIP, gzipP99At0, 0.40, 430.0),
                cell(0, Compression.ZSTD, 9.0, 0.30, 450.0),
                cell(20, Compression.NONE, 20.0, 0.10, 990.0),
                cell(20, Compression.GZIP, 24.0, 0.25, 400.0),
                cell(20, Compression.ZSTD, 21.0, 0.12, zstdBytesAt20)));
    }

    private static String read(List<PhaseSummary> rows) {
        return CompressionReading.read(Phases.repeated(1, rows));
    }

    @Test
    void eachCodecsRatioToNoneTheSmallestAndTheDearestAreRead() {
        String text = read(matrix(420.0, 12.0));

        assertThat(text)
                // 430/1000 and 400/990; 450/1000 and 420/990.
                .contains("On disk, each codec stored this share of none's bytes per record at the same linger.ms "
                        + "(over linger.ms 0, 20): gzip 0.40-0.43, zstd 0.42-0.45.")
                .contains("Of the codecs, gzip stored the least at every linger.ms.")
                // 0.40/0.20 and 0.25/0.10; zstd 1.5x and 1.2x.
                .contains(
                        "Of the codecs, gzip cost the producer the most CPU against none: 2.25x none's at the same linger.ms "
                                + "(median; 2.00x-2.50x over linger.ms 0, 20).")
                .contains("End-to-end p99 moved with the codec at the same linger.ms: at 0 from 8.00 ms (none) to "
                        + "12.0 ms (gzip); at 20 from 20.0 ms (none) to 24.0 ms (gzip).");
    }

    @Test
    void theSentencesFollowTheNumbers() {
        String before = read(matrix(420.0, 12.0));
        // zstd now the smallest at linger 20 (300/990), gzip's p99 at linger 0 now below none's.
        String after = read(matrix(300.0, 7.5));

        assertThat(after)
                .isNotEqualTo(before)
                .contains("zstd 0.30-0.45")
                .contains("The codec that stored the least depended on linger.ms: gzip at 0; zstd at 20.")
                .contains("at 0 from 7.50 ms (gzip) to 9.00 ms (zstd), none 8.00 ms;");
    }

    @Test
    void aCodecWithoutARatioAtSomeLingerIsNamedAsNotCompared() {
        List<PhaseSummary> rows = DiskRatios.fill(List.of(
                cell(0, Compression.NONE, 8.0, 0.20, 1000.0),
                cell(0, Compression.GZIP, 12.0, 0.40, 430.0),
                cell(0, Compression.ZSTD, 9.0, 0.30, 450.0),
                cell(20, Compression.NONE, 20.0, 0.10, 990.0),
                cell(20, Compression.GZIP, 24.0, 0.25, 400.0),
                cell(20, Compression.ZSTD, 21.0, 0.12, null)));

        assertThat(read(rows))
                .contains("Of the codecs with a ratio, gzip stored the least at every linger.ms (without a ratio at"
                        + " some linger.ms, not compared there: zstd).");
    }

    @Test
    void withoutSizesOnDiskOnlyCpuAndLatencyAreRead() {
        List<PhaseSummary> rows = List.of(
                cell(0, Compression.NONE, 8.0, 0.20, null),
                cell(0, Compression.LZ4, 9.0, 0.22, null),
                cell(5, Compression.NONE, 10.0, 0.20, null),
                cell(5, Compression.LZ4, 11.0, 0.22, null));

        assertThat(read(rows))
                .doesNotContain("On disk")
                .doesNotContain("stored the least")
                .contains(
                        "Of the codecs, lz4 cost the producer the most CPU against none: 1.10x none's at linger.ms 0, 5.");
    }

    @Test
    void withRepeatsOverlappingRangesAreNoMeasurableDifference() {
        List<PhaseSummary> rows = List.of(
                repeat(cell(0, Compression.NONE, 8.0, 0.20, 1000.0), 1),
                repeat(cell(0, Compression.NONE, 12.0, 0.20, 1000.0), 2),
                repeat(cell(0, Compression.GZIP, 10.0, 0.40, 430.0), 1),
                repeat(cell(0, Compression.GZIP, 11.0, 0.40, 430.0), 2),
                repeat(cell(20, Compression.NONE, 20.0, 0.10, 990.0), 1),
                repeat(cell(20, Compression.NONE, 21.0, 0.10, 990.0), 2),
                repeat(cell(20, Compression.GZIP, 30.0, 0.25, 400.0), 1),
                repeat(cell(20, Compression.GZIP, 32.0, 0.25, 400.0), 2));

        String text = CompressionReading.read(Phases.repeated(2, DiskRatios.fill(rows)));

        assertThat(text)
                .contains(
                        "End-to-end p99 moved with the codec at the same linger.ms (medians): at 0 from 10.0 ms "
                                + "(none) to 10.5 ms (gzip), their ranges over the repeats overlapping: no difference "
                                + "measurable; at 20 from 20.5 ms (none) to 31.0 ms (gzip), their ranges over the repeats apart.")
                .contains("its range over the repeats cleared none's at 2 of 2.");
    }

    @Test
    void aLingerSweepHasNoCompressionReading() {
        RunSummary sweep = Phases.repeated(1, Phases.sweep());

        assertThat(CompressionReading.read(sweep)).isNull();
        assertThat(TradeOffReading.read(sweep).paragraph()).doesNotContain("End-to-end p99 moved with the codec");
    }

    @Test
    void theTradeOffReadingCarriesTheGridsSentences() {
        assertThat(TradeOffReading.read(Phases.repeated(1, matrix(420.0, 12.0))).paragraph())
                .contains("Of the codecs, gzip stored the least at every linger.ms.")
                .contains(TradeOffReading.SINGLE_RUN);
    }

    @Test
    void withSizesOnDiskTheClientsTrailingCompressionAverageIsNotReadAsTheCodecsRatio() {
        String withDisk =
                TradeOffReading.read(Phases.repeated(1, matrix(420.0, 12.0))).paragraph();
        String withoutDisk = TradeOffReading.read(Phases.repeated(
                        1,
                        List.of(
                                cell(0, Compression.NONE, 8.0, 0.20, null),
                                cell(0, Compression.ZSTD, 9.0, 0.30, null),
                                cell(5, Compression.NONE, 8.0, 0.20, null),
                                cell(5, Compression.ZSTD, 9.0, 0.30, null))))
                .paragraph();

        assertThat(withDisk)
                .contains("The codecs are compared by each phase's size on disk, not by the client's"
                        + " compression-rate-avg")
                .doesNotContain("The best compression ratio was in");
        assertThat(withoutDisk).doesNotContain("compared by each phase's size on disk");
    }
}
