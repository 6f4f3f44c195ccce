package dev.latencylab.runner.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.Spread;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailOnTest {

    private static final List<String> NO_OTHER_FIGURES = List.of();

    @Test
    void aPercentageIsHowMuchOfAsValueTheFigureMayGetWorse() {
        FailOn t = FailOn.parse("e2e.p99=+10%", NO_OTHER_FIGURES);

        assertThat(t.key()).isEqualTo("latencyMs.p99");
        assertThat(crossed(t, "latencyMs.p99", 100, 109)).isFalse();
        assertThat(crossed(t, "latencyMs.p99", 100, 111)).isTrue();
        assertThat(crossed(t, "latencyMs.p99", 100, 50)).isFalse();
        // Without a sign it means the same for a figure that is better lower.
        assertThat(crossed(FailOn.parse("e2e.p99=10%", NO_OTHER_FIGURES), "latencyMs.p99", 100, 111))
                .isTrue();
    }

    @Test
    void aNumberIsHowMuchWorseInTheFiguresOwnUnit() {
        FailOn none = FailOn.parse("lost=0", NO_OTHER_FIGURES);
        assertThat(crossed(none, "counts.lost", 0, 0)).isFalse();
        assertThat(crossed(none, "counts.lost", 0, 1)).isTrue();

        FailOn five = FailOn.parse("lost=5", NO_OTHER_FIGURES);
        assertThat(crossed(five, "counts.lost", 2, 7)).isFalse();
        assertThat(crossed(five, "counts.lost", 2, 8)).isTrue();
    }

    @Test
    void aCountIsJudgedOnEachRunsWorstRepeatSoOneRepeatsLossIsNotOutvoted() {
        FailOn none = FailOn.parse("lost=0", NO_OTHER_FIGURES);
        // Medians 0 and 0: one repeat of B lost 120.
        assertThat(none.crossedBy(change("counts.lost", List.of(0.0, 0.0, 0.0), List.of(0.0, 120.0, 0.0))))
                .isTrue();
        // A lost as many in its worst repeat: not worse.
        assertThat(none.crossedBy(change("counts.lost", List.of(0.0, 0.0, 5.0), List.of(5.0, 0.0, 0.0))))
                .isFalse();
        // Nor is a loss in every repeat of B excused by one bad repeat of A: the medians cross.
        assertThat(none.crossing(change("counts.lost", List.of(0.0, 120.0, 0.0), List.of(100.0, 100.0, 100.0))))
                .hasValue(new FailOn.Crossed(0.0, 100.0, false));
        assertThat(none.crossing(change("counts.lost", List.of(0.0, 0.0, 0.0), List.of(0.0, 120.0, 0.0))))
                .hasValue(new FailOn.Crossed(0.0, 120.0, true));
        assertThat(none.meaning()).isEqualTo("lost may rise by at most 0, on the median or each run's worst repeat");
        // A count with no better direction: its worst repeat lies the way its sign fails.
        FailOn fewerSent = FailOn.parse("sent=-10%", NO_OTHER_FIGURES);
        assertThat(fewerSent.crossedBy(
                        change("counts.sent", List.of(1000.0, 1000.0, 1000.0), List.of(1000.0, 800.0, 1000.0))))
                .isTrue();
        // A latency stands for its repeats by its median: one slow repeat is the spread's business.
        FailOn p99 = FailOn.parse("e2e.p99=+10%", NO_OTHER_FIGURES);
        assertThat(p99.crossedBy(change("latencyMs.p99", List.of(10.0, 10.0, 10.0), List.of(10.0, 50.0, 10.0))))
                .isFalse();
    }

    @Test
    void aRiseFromZeroCrossesAnyPercentage() {
        FailOn t = FailOn.parse("lost=+10%", NO_OTHER_FIGURES);

        assertThat(crossed(t, "counts.lost", 0, 1)).isTrue();
        assertThat(crossed(t, "counts.lost", 0, 0)).isFalse();
    }

    @Test
    void forAFigureThatIsBetterHigherAFallIsWorse() {
        FailOn t = FailOn.parse("achieved-rate=-5%", NO_OTHER_FIGURES);

        assertThat(crossed(t, "achievedRate", 1000, 960)).isFalse();
        assertThat(crossed(t, "achievedRate", 1000, 940)).isTrue();
        assertThat(crossed(t, "achievedRate", 1000, 2000)).isFalse();
        assertThat(crossed(FailOn.parse("achieved-rate=5%", NO_OTHER_FIGURES), "achievedRate", 1000, 940))
                .isTrue();
    }

    @Test
    void aSignAgainstTheFiguresWorseWayIsRefused() {
        assertThatThrownBy(() -> FailOn.parse("e2e.p99=-10%", NO_OTHER_FIGURES))
                .isInstanceOf(DiffException.class)
                .hasMessageContaining("e2e.p99 is better lower, so only a rise is worse; write e2e.p99=+10%");
        assertThatThrownBy(() -> FailOn.parse("achieved-rate=+5%", NO_OTHER_FIGURES))
                .hasMessageContaining("only a fall is worse; write achieved-rate=-5%");
    }

    @Test
    void aFigureWithNoBetterDirectionTakesTheFailingWayFromItsSign() {
        assertThatThrownBy(() -> FailOn.parse("samples=10%", NO_OTHER_FIGURES))
                .hasMessageContaining("samples has no better direction")
                .hasMessageContaining("samples=+10% (a rise) or samples=-10% (a fall)");

        FailOn fall = FailOn.parse("samples=-10%", NO_OTHER_FIGURES);
        assertThat(crossed(fall, "samples", 1000, 850)).isTrue();
        assertThat(crossed(fall, "samples", 1000, 2000)).isFalse();
    }

    @Test
    void anUnknownFigureIsRefusedWithTheNamesItCouldBe() {
        assertThatThrownBy(() -> FailOn.parse("e2e.p98=+10%", List.of("cpuCores.brokers.2")))
                .isInstanceOf(DiffException.class)
                .hasMessageContaining("unknown figure 'e2e.p98'; known: samples, e2e.p50, e2e.p95, e2e.p99, e2e.p99.9")
                .hasMessageContaining("lost")
                .hasMessageContaining("achieved-rate")
                .hasMessageContaining("cpu.broker.2");
    }

    @Test
    void aFigureCanBeNamedByItsSummaryKeyAndOneTheRunsHoldIsKnown() {
        assertThat(FailOn.parse("latencyMs.p99=+10%", NO_OTHER_FIGURES).name()).isEqualTo("e2e.p99");
        assertThat(FailOn.parse("cpu.broker.2=+10%", List.of("cpuCores.brokers.2"))
                        .key())
                .isEqualTo("cpuCores.brokers.2");
        assertThat(FailOn.parse("someNewFigure=+1", List.of("someNewFigure")).worseSign())
                .isEqualTo(1);
    }

    @Test
    void aThresholdThatIsNotANumberOrAPercentageIsRefused() {
        for (String bad : List.of("e2e.p99", "e2e.p99=", "e2e.p99=ten", "e2e.p99=10%%", "=5", "e2e.p99=1e3")) {
            assertThatThrownBy(() -> FailOn.parse(bad, NO_OTHER_FIGURES))
                    .as(bad)
                    .isInstanceOf(DiffException.class)
                    .hasMessageContaining("--fail-on takes FIGURE=THRESHOLD")
                    .hasMessageContaining("got '" + bad + "'");
        }
    }

    private static FigureChange change(String key, List<Double> a, List<Double> b) {
        return FigureChange.of(Figures.byKey(key), Spread.of(a), Spread.of(b));
    }

    private static boolean crossed(FailOn t, String key, double a, double b) {
        return t.crossedBy(FigureChange.of(Figures.byKey(key), Spread.of(List.of(a)), Spread.of(List.of(b))));
    }
}
