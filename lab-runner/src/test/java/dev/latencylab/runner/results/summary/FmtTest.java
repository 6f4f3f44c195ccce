package dev.latencylab.runner.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FmtTest {

    @Test
    void aShareIsAPercentWithASpaceBeforeTheSign() {
        assertThat(Fmt.percent(0.42)).isEqualTo("42 %");
        assertThat(Fmt.percent(0.4249, 1)).isEqualTo("42.5 %");
        assertThat(Fmt.percent(1.0)).isEqualTo("100 %");
        assertThat(Fmt.percent(0.0)).isEqualTo("0 %");
    }

    @Test
    void aShareRoundsHalfUpAtItsDecimals() {
        assertThat(Fmt.percent(0.125)).isEqualTo("13 %");
        assertThat(Fmt.percent(0.12345, 1)).isEqualTo("12.3 %");
        assertThat(Fmt.percent(1, 3, 0)).isEqualTo("33 %");
        assertThat(Fmt.percent(2, 3, 1)).isEqualTo("66.7 %");
    }

    @Test
    void noShareOrNoTotalIsNotApplicable() {
        assertThat(Fmt.percent(null)).isEqualTo(Fmt.NA);
        assertThat(Fmt.percent(null, 1)).isEqualTo(Fmt.NA);
        assertThat(Fmt.percent(1, 0, 0)).isEqualTo(Fmt.NA);
        assertThat(Fmt.percent(0, 0, 1)).isEqualTo(Fmt.NA);
    }

    /** A few of many is not none: below what the decimals show, a share is "<", never 0. */
    @Test
    void aShareTooSmallToShowIsLessThanTheLeastShown() {
        assertThat(Fmt.percent(1, 10_000, 1)).isEqualTo("<0.1 %");
        assertThat(Fmt.percent(0.004)).isEqualTo("<1 %");
        assertThat(Fmt.percent(0.00004, 2)).isEqualTo("<0.01 %");
        assertThat(Fmt.percent(5, 10_000, 1)).isEqualTo("0.1 %");
        assertThat(Fmt.percent(0, 10_000, 1)).isEqualTo("0.0 %");
    }
}
