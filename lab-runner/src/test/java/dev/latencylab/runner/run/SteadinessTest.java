package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadinessTest {

    private static StackProbe.StackFigures f(Double p50, Double cpu) {
        return new StackProbe.StackFigures(p50, cpu, null);
    }

    @Test
    void threeWindowsWithinTheToleranceOfTheirMedianAreSteady() {
        // Medians 40 ms and 1.0 cores; the farthest values are 20 % off them.
        Steadiness.Judged v = Steadiness.judge(List.of(f(32.0, 1.0), f(40.0, 0.8), f(48.0, 1.2)));

        assertThat(v.steady()).isTrue();
        assertThat(v.why())
                .isEqualTo("e2e p50 32.0..48.0 ms within ±20 % and CPU 0.80..1.20 cores within ±20 % of their median");
    }

    @Test
    void oneFigureBeyondTheToleranceInOneWindowIsNotSteady() {
        Steadiness.Judged v = Steadiness.judge(List.of(f(4.0, 1.0), f(4.0, 1.0), f(4.0, 1.3)));

        assertThat(v.steady()).isFalse();
        assertThat(v.why()).isEqualTo("CPU 1.00..1.30 cores beyond ±20 %");
    }

    /** A settled stack at a few ms (the compression matrix's warm-up here): 20 % is under a millisecond. */
    @Test
    void aLowLatencyIsSteadyWithinTwoMillisecondsThoughNotWithinTwentyPercent() {
        Steadiness.Judged v = Steadiness.judge(List.of(f(5.35, 1.83), f(5.20, 1.86), f(6.61, 1.82)));

        assertThat(v.steady()).isTrue();
        assertThat(v.why()).startsWith("e2e p50 5.20..6.61 ms within ±2.00 ms and CPU");
        // Still a drift from start-up: 9.26 -> 6.76 -> 5.35 ms is 2.5 ms off its median.
        Steadiness.Judged drifting = Steadiness.judge(List.of(f(9.26, 1.95), f(6.76, 1.82), f(5.35, 1.83)));
        assertThat(drifting.steady()).isFalse();
        assertThat(drifting.why()).isEqualTo("e2e p50 5.35..9.26 ms beyond ±2.00 ms");
    }

    @Test
    void onlyTheLastThreeWindowsCount() {
        List<StackProbe.StackFigures> windows = new ArrayList<>(List.of(f(100.0, 1.9), f(40.0, 1.5)));

        assertThat(Steadiness.judge(windows).steady()).isFalse();
        windows.addAll(List.of(f(4.1, 1.0), f(4.0, 1.0), f(3.9, 1.0)));
        assertThat(Steadiness.judge(windows).steady()).isTrue();
    }

    @Test
    void fewerThanThreeWindowsOrAMissingFigureIsNotSteady() {
        assertThat(Steadiness.judge(List.of(f(4.0, 1.0), f(4.0, 1.0))).why()).isEqualTo("needs 3 windows");
        assertThat(Steadiness.judge(List.of(f(4.0, 1.0), f(null, 1.0), f(4.0, 1.0))))
                .isEqualTo(new Steadiness.Judged(false, "a figure is missing in the last 3 windows"));
    }
}
