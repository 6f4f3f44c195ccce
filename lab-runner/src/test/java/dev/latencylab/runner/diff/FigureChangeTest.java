package dev.latencylab.runner.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.latencylab.runner.diff.FigureChange.Movement;
import dev.latencylab.runner.diff.FigureChange.SpreadCheck;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.Spread;
import java.util.List;
import org.junit.jupiter.api.Test;

class FigureChangeTest {

    @Test
    void latencyCpuAndLossesAreBetterLower() {
        assertThat(once("latencyMs.p99", 10, 12).verdict()).isEqualTo(Movement.WORSE);
        assertThat(once("latencyMs.p99", 12, 10).verdict()).isEqualTo(Movement.BETTER);
        assertThat(once("correctedLatencyMs.p999", 10, 12).verdict()).isEqualTo(Movement.WORSE);
        assertThat(once("cpuCores.total", 1.2, 1.5).verdict()).isEqualTo(Movement.WORSE);
        assertThat(once("cpuCores.brokers.2", 0.5, 0.4).verdict()).isEqualTo(Movement.BETTER);
        assertThat(once("counts.lost", 0, 3).verdict()).isEqualTo(Movement.WORSE);
    }

    @Test
    void theAchievedRateAndRecordsPerRequestAreBetterHigher() {
        assertThat(once("achievedRate", 1000, 900).verdict()).isEqualTo(Movement.WORSE);
        assertThat(once("achievedRate", 900, 1000).verdict()).isEqualTo(Movement.BETTER);
        assertThat(once("producer.recordsPerRequest", 2, 5).verdict()).isEqualTo(Movement.BETTER);
    }

    @Test
    void aFigureWithNoBetterDirectionOnlySaysWhichWayItMoved() {
        assertThat(once("samples", 15000, 15100).verdict()).isEqualTo(Movement.HIGHER);
        assertThat(once("counts.sent", 15000, 14000).verdict()).isEqualTo(Movement.LOWER);
        // A figure a later runner adds is diffed all the same, under its key.
        FigureChange unknown = once("someNewFigure.p99", 1, 2);
        assertThat(unknown.label()).isEqualTo("someNewFigure.p99");
        assertThat(unknown.verdict()).isEqualTo(Movement.HIGHER);
    }

    @Test
    void theChangeIsBMinusAAndItsPercentageOfA() {
        FigureChange c = once("latencyMs.p50", 8, 10);

        assertThat(c.change()).isEqualTo(2.0);
        assertThat(c.changePercent()).isEqualTo(25.0);
        assertThat(once("latencyMs.p50", 8, 8).verdict()).isEqualTo(Movement.SAME);
        // No percentage of nothing: a rise from zero has none.
        assertThat(once("counts.lost", 0, 2).changePercent()).isNull();
    }

    @Test
    void withOneRepeatPerRunThereIsNoSpreadAndAnyChangeIsCalled() {
        FigureChange c = once("latencyMs.p99", 10, 10.2);

        assertThat(c.spread()).isEqualTo(SpreadCheck.NONE);
        assertThat(c.verdict()).isEqualTo(Movement.WORSE);
    }

    @Test
    void withRepeatsAChangeIsCalledOnlyWhereTheRangesDoNotOverlap() {
        FigureChange apart = change("latencyMs.p99", List.of(10.0, 11.0, 12.0), List.of(13.0, 14.0, 15.0));
        assertThat(apart.spread()).isEqualTo(SpreadCheck.BEYOND);
        assertThat(apart.verdict()).isEqualTo(Movement.WORSE);
        assertThat(apart.changePercent()).isCloseTo(27.27, within(0.01));

        FigureChange overlapping = change("latencyMs.p99", List.of(10.0, 12.0, 14.0), List.of(13.0, 15.0, 16.0));
        assertThat(overlapping.spread()).isEqualTo(SpreadCheck.WITHIN);
        assertThat(overlapping.verdict()).isEqualTo(Movement.WITHIN_SPREAD);

        FigureChange rateApart = change("achievedRate", List.of(990.0, 1000.0), List.of(900.0, 950.0));
        assertThat(rateApart.verdict()).isEqualTo(Movement.WORSE);
    }

    @Test
    void withRepeatsInOneRunOnlyTheOthersValueIsJudgedAgainstItsRange() {
        List<Double> a = List.of(10.0, 11.0, 12.0);

        assertThat(change("latencyMs.p99", a, List.of(11.5)).spread()).isEqualTo(SpreadCheck.WITHIN);
        assertThat(change("latencyMs.p99", a, List.of(13.0)).spread()).isEqualTo(SpreadCheck.BEYOND);
        assertThat(change("latencyMs.p99", List.of(13.0), a).verdict()).isEqualTo(Movement.BETTER);
    }

    private static FigureChange once(String key, double a, double b) {
        return change(key, List.of(a), List.of(b));
    }

    private static FigureChange change(String key, List<Double> a, List<Double> b) {
        return FigureChange.of(Figures.byKey(key), Spread.of(a), Spread.of(b));
    }
}
