package dev.latencylab.runner.results.summary;

import static dev.latencylab.runner.results.summary.Phases.phase;
import static dev.latencylab.runner.results.summary.Phases.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void theMedianIsTheMiddleValueOrTheMeanOfTheMiddleTwo() {
        assertThat(Spread.of(List.of(3.0, 1.0, 2.0)).median()).isEqualTo(2.0);
        assertThat(Spread.of(List.of(4.0, 1.0, 2.0, 10.0)).median()).isEqualTo(3.0);
        Spread s = Spread.of(List.of(4.0, 1.0, 10.0));
        assertThat(s.min()).isEqualTo(1.0);
        assertThat(s.max()).isEqualTo(10.0);
        // The values stay in repeat order, as measured.
        assertThat(s.values()).containsExactly(4.0, 1.0, 10.0);
    }

    @Test
    void aRepeatWithoutTheFigureIsKeptAsMissingAndLeftOutOfTheMedian() {
        Spread s = Spread.of(Arrays.asList(2.0, null, 4.0));

        assertThat(s.median()).isEqualTo(3.0);
        assertThat(s.known()).isEqualTo(2);
        assertThat(s.values()).containsExactly(2.0, null, 4.0);
        assertThat(Spread.of(Arrays.asList(null, null)).median()).isNull();
    }

    @Test
    void rangesThatDoNotOverlapAreApartAndTouchingOnesAreNot() {
        Spread low = Spread.of(List.of(1.0, 2.0));
        Spread high = Spread.of(List.of(2.5, 3.0));
        Spread touching = Spread.of(List.of(2.0, 3.0));

        assertThat(low.below(high)).isTrue();
        assertThat(high.below(low)).isFalse();
        assertThat(low.below(touching)).isFalse();
    }

    @Test
    void everyFigureOfAScenarioPhaseIsSpreadOverItsRepeatsInTheScenariosOrder() {
        List<PhaseSummary> rows = List.of(
                repeat(phase("linger-5", 5, 4.0, 10.0, 0.15, 400, 1.0), 1),
                repeat(phase("linger-0", 0, 2.0, 8.0, 0.20, 1000, 1.0), 1),
                repeat(phase("linger-0", 0, 3.0, 9.0, 0.20, 1100, 1.0), 2),
                repeat(phase("linger-5", 5, 5.0, 12.0, 0.15, 420, 1.0), 2));

        List<PhaseSpread> spreads = PhaseSpread.of(rows, List.of("linger-0", "linger-5"));

        assertThat(spreads).extracting(PhaseSpread::name).containsExactly("linger-0", "linger-5");
        PhaseSpread zero = spreads.get(0);
        assertThat(zero.repeats()).isEqualTo(2);
        assertThat(zero.spread(Figures.P50)).isEqualTo(new Spread(2.5, 2.0, 3.0, List.of(2.0, 3.0)));
        assertThat(zero.spread(Figures.PRODUCE_RPS).values()).containsExactly(1000.0, 1100.0);
        // Every figure of the rows, brokers one by one included.
        assertThat(zero.figures().keySet())
                .containsAll(Figures.of(rows.get(1)).keySet())
                .contains(Figures.CPU_BROKER + "2", "gcPauseMsPerSecond.brokers", "producer.batchBytesPerRecord");
    }

    @Test
    void aRepeatCutShortIsNoValueOfItsPhaseUnlessThePhaseHasNoneWhole() {
        List<PhaseSummary> rows = List.of(
                repeat(phase("linger-0", 0, 2.0, 8.0, 0.20, 1000, 1.0), 1),
                repeat(phase("linger-5", 5, 4.0, 10.0, 0.15, 400, 1.0), 1),
                Phases.cutShort(repeat(phase("linger-0", 0, 40.0, 90.0, 0.20, 1100, 1.0), 2)),
                Phases.cutShort(repeat(phase("linger-20", 20, 5.0, 12.0, 0.15, 420, 1.0), 1)));

        List<PhaseSpread> spreads = PhaseSpread.of(rows, List.of("linger-0", "linger-5", "linger-20"));

        PhaseSpread zero = spreads.get(0);
        assertThat(zero.repeats()).isEqualTo(1);
        assertThat(zero.partial()).isFalse();
        assertThat(zero.spread(Figures.P50).values()).containsExactly(2.0);
        PhaseSpread twenty = spreads.get(2);
        assertThat(twenty.partial()).isTrue();
        assertThat(twenty.spread(Figures.P50).values()).containsExactly(5.0);
    }
}
