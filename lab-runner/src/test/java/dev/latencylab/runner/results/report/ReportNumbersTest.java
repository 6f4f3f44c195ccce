package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.summary.Fmt;
import org.junit.jupiter.api.Test;

class ReportNumbersTest {

    @Test
    void aShareIsAWholePercentAndAFigureHasItsDecimals() {
        assertThat(ReportNumbers.share(1, 3)).isEqualTo("33 %");
        assertThat(ReportNumbers.share(1, 0)).isEqualTo(Fmt.NA);
        assertThat(ReportNumbers.fixed(1.005, 1)).isEqualTo("1.0");
        assertThat(ReportNumbers.fixed(null, 2)).isEqualTo(Fmt.NA);
    }
}
