package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.summary.Fmt;
import org.junit.jupiter.api.Test;

class ReportNumbersTest {

    @Test
    void aFigureHasItsDecimals() {
        assertThat(ReportNumbers.fixed(1.005, 1)).isEqualTo("1.0");
        assertThat(ReportNumbers.fixed(null, 2)).isEqualTo(Fmt.NA);
    }
}
