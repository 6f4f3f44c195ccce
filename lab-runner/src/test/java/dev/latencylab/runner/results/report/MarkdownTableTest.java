package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownTableTest {

    @Test
    void aShareIsAWholePercentAndAFigureHasItsDecimals() {
        assertThat(MarkdownTable.share(1, 3)).isEqualTo("33 %");
        assertThat(MarkdownTable.share(1, 0)).isEqualTo(Fmt.NA);
        assertThat(MarkdownTable.fixed(1.005, 1)).isEqualTo("1.0");
        assertThat(MarkdownTable.fixed(null, 2)).isEqualTo(Fmt.NA);
    }

    @Test
    void aSectionIsLeftOutWhenNoPhaseIsAboutIt() {
        List<PhaseSummary> phases = Phases.sweep();

        assertThat(MarkdownReport.section(phases, p -> false, those -> "never")).isEmpty();
        assertThat(MarkdownReport.section(
                        phases,
                        p -> p.name().equals(phases.get(1).name()),
                        those -> those.size() + " " + those.get(0).name()))
                .isEqualTo("1 " + phases.get(1).name());
    }
}
