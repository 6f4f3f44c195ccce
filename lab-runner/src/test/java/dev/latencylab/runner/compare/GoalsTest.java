package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.api.settings.ListenerType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class GoalsTest {

    @Test
    void throughputAtOrAboveTheToolsMeetsTheGoal() {
        Verdict v = Goals.throughput(RoundSpread.of(10_000.0 / 10_000), 0, null, null);

        assertThat(v.status()).isEqualTo(Verdict.Standing.MET);
        assertThat(v.ratio()).isCloseTo(1.0, within(1e-12));
        assertThat(v.text())
                .isEqualTo("throughput ratio 1.000 (lab / ProducerPerformance acked records/s, one round): goal >= 1.00"
                        + " met");
    }

    /** One bad round moves a mean, not the median: the goal is judged on the median, the range shown beside it. */
    @Test
    void throughputIsJudgedOnTheMedianOfTheRoundsWithTheirRange() {
        Verdict v = Goals.throughput(RoundSpread.of(1.02, 0.60, 1.04, 1.01, 1.07), 2, null, null);

        assertThat(v.status()).isEqualTo(Verdict.Standing.MET);
        assertThat(v.ratio()).isCloseTo(1.02, within(1e-12));
        assertThat(v.text())
                .contains("median of 5 rounds, range 0.600 to 1.070")
                .contains(
                        "UNSTEADY: in 2 of 5 rounds ProducerPerformance's own rate lay more than 5 % from its median");
        assertThat(Goals.throughput(RoundSpread.of(0.99, 1.04, 0.95, 1.0), 0, null, null)
                        .status())
                .as("median of an even count: the mean of the middle two, 0.995")
                .isEqualTo(Verdict.Standing.MISSED);
    }

    @Test
    void throughputJustBelowIsAMissAndSaysByHowMuch() {
        Verdict v = Goals.throughput(RoundSpread.of(9_990.0 / 10_000), 0, null, null);

        assertThat(v.status()).isEqualTo(Verdict.Standing.MISSED);
        assertThat(v.text())
                .isEqualTo("throughput ratio 0.999 (lab / ProducerPerformance acked records/s, one round): "
                        + "goal >= 1.00 MISSED (the lab reaches 99.9 % of the tool)");
    }

    /** A tool still getting faster inside its window is understated: a "met" would lean on that. */
    @Test
    void aToolStillWarmingCannotMakeTheGoalMetButCannotHideAMiss() {
        Verdict warming = Goals.throughput(RoundSpread.of(1.08), 0, 0.99, 1.12);

        assertThat(warming.status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(warming.ratio()).isCloseTo(1.08, within(1e-12));
        assertThat(warming.text())
                .contains("not judged (met on these figures, but ProducerPerformance was still warming up)")
                .contains("second half / first half of the window (median of the rounds): lab 0.990,"
                        + " ProducerPerformance 1.120, WARMING: ProducerPerformance got faster by more than 5 %");
        assertThat(Goals.throughput(RoundSpread.of(0.93), 0, 0.99, 1.12).status())
                .as("the tool understated and the lab still below it")
                .isEqualTo(Verdict.Standing.MISSED);
        assertThat(Goals.throughput(RoundSpread.of(0.93), 0, 1.09, 1.0).status())
                .as("the lab still warming cannot make its miss final")
                .isEqualTo(Verdict.Standing.UNDECIDED);
        Verdict warm = Goals.throughput(RoundSpread.of(1.08), 0, 1.02, 1.04);
        assertThat(warm.status()).isEqualTo(Verdict.Standing.MET);
        assertThat(warm.text()).contains("lab 1.020, ProducerPerformance 1.040").doesNotContain("WARMING");
    }

    @Test
    void noToolThroughputIsNotJudged() {
        Verdict v = Goals.throughput(RoundSpread.of(9_490.0 / 0), 0, null, null);

        assertThat(v.status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(v.ratio()).isNull();
        assertThat(v.text()).contains("n/a").contains("not judged").doesNotContain(" met");
    }

    @Test
    void latencyWithinTheGoalEvenAtTheToolsPrintedFigureIsMet() {
        // Tool printed 2: its true p50 is in [2, 3), so the ratio is in (0.80, 1.20].
        Verdict v = Goals.latency(2.4, 2);

        assertThat(v.status()).isEqualTo(Verdict.Standing.MET);
        assertThat(v.ratio()).isCloseTo(1.2, within(1e-12));
        assertThat(v.low()).isCloseTo(0.8, within(1e-12));
        assertThat(v.text())
                .isEqualTo("e2e p50 ratio 1.200 (lab 2.40 ms / EndToEndLatency 2 ms): goal <= 1.2x met; "
                        + "the tool prints whole ms rounded down, so the true ratio is between 0.800 and 1.200");
    }

    @Test
    void latencyAboveTheGoalOnThePrintedFigureButNotBeyondItsResolutionIsUndecidedNeverMet() {
        Verdict v = Goals.latency(3.0, 2);

        assertThat(v.status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(v.text())
                .startsWith(
                        "e2e p50 ratio 1.500 (lab 3.00 ms / EndToEndLatency 2 ms): goal <= 1.2x NOT MET on the printed figure")
                .contains("between 1.000 and 1.500")
                .doesNotContain(" met;");
    }

    @Test
    void latencyAboveTheGoalWhateverTheToolsResolutionIsMissed() {
        Verdict v = Goals.latency(4.0, 2);

        assertThat(v.status()).isEqualTo(Verdict.Standing.MISSED);
        assertThat(v.low()).isCloseTo(4.0 / 3, within(1e-12));
        assertThat(v.text()).contains("goal <= 1.2x MISSED");
    }

    @Test
    void aSubMillisecondToolP50LeavesOnlyALowerBound() {
        Verdict undecided = Goals.latency(1.1, 0);
        Verdict missed = Goals.latency(1.5, 0);

        assertThat(undecided.ratio()).isNull();
        assertThat(undecided.status()).isEqualTo(Verdict.Standing.UNDECIDED);
        assertThat(undecided.text())
                .contains("ratio n/a")
                .contains("printed p50 0 (under 1 ms), so the true ratio is above 1.100");
        assertThat(missed.status()).isEqualTo(Verdict.Standing.MISSED);
    }

    @Test
    void aMeanOfRoundsKeepsItsFraction() {
        assertThat(Goals.latency(2.5, 2.5).text())
                .contains("EndToEndLatency 2.5 ms")
                .contains("goal <= 1.2x met");
    }

    @Test
    void eachListenerMeetsItsOwnGoalAndJustBelowMisses() {
        assertThat(Goals.consumer(ListenerType.BATCH, RoundSpread.of(0.9), 0).status())
                .isEqualTo(Verdict.Standing.MET);
        assertThat(Goals.consumer(ListenerType.BATCH, RoundSpread.of(0.899), 0).status())
                .isEqualTo(Verdict.Standing.MISSED);
        assertThat(Goals.consumer(ListenerType.RECORD, RoundSpread.of(0.75), 0).status())
                .isEqualTo(Verdict.Standing.MET);
        Verdict v = Goals.consumer(ListenerType.RECORD, RoundSpread.of(0.749), 0);

        assertThat(v.status()).isEqualTo(Verdict.Standing.MISSED);
        assertThat(v.text())
                .isEqualTo("consumer ratio, record listener, 0.749 (consumer-app / ConsumerPerformance records/s, full"
                        + " accounting on, one round): goal >= 0.75 MISSED");
        assertThat(Goals.consumer(ListenerType.BATCH, RoundSpread.of(1.0 / 0), 0)
                        .ratio())
                .isNull();
    }

    @Test
    void cpuPerRecordAtMostOnePointTwoTimesTheTools() {
        CompareResult.CpuUse tool = new CompareResult.CpuUse("ProducerPerformance", Instant.EPOCH, 100_000, 10.0, 1.0);

        Verdict met = Goals.cpu(new CompareResult.CpuUse("producer-app", Instant.EPOCH, 100_000, 10.0, 1.2), tool);
        Verdict missed = Goals.cpu(new CompareResult.CpuUse("producer-app", Instant.EPOCH, 50_000, 10.0, 0.61), tool);

        assertThat(met.status()).isEqualTo(Verdict.Standing.MET);
        assertThat(met.ratio()).isCloseTo(1.2, within(1e-9));
        // Per record, not per window: half the records for 0.61 s is 12.2 ms per 1,000 against 10.
        assertThat(missed.status()).isEqualTo(Verdict.Standing.MISSED);
        assertThat(missed.text())
                .isEqualTo(
                        "CPU per record, producer-app / ProducerPerformance: 1.220 (one round; 12.2 / 10.0 CPU-ms per 1,000"
                                + " records): goal <= 1.2x MISSED");
        assertThat(Goals.cpu(new CompareResult.CpuUse("producer-app", Instant.EPOCH, 0, 10.0, 1.0), tool)
                        .ratio())
                .isNull();
    }
}
