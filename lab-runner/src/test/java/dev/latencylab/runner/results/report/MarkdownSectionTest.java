package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.report.MarkdownSection.Columns;
import org.junit.jupiter.api.Test;

class MarkdownSectionTest {

    private static final Columns COLUMNS =
            Columns.text("phase").andFigures("p99 ms | records").andText("note");

    @Test
    void writesHeadingParagraphsAndATableWithTextLeftAndFiguresRight() {
        String md = MarkdownSection.titled("Faults")
                .bold("goal met")
                .paragraph("How to read it.")
                .table(COLUMNS)
                .row("warm", 1.5, 300L, "a|b")
                .row("mean", "", 2, "")
                .endTable()
                .paragraph("After the table.")
                .toString();

        assertThat(md)
                .isEqualTo("## Faults\n\n"
                        + "**goal met**\n\n"
                        + "How to read it.\n\n"
                        + "| phase | p99 ms | records | note |\n"
                        + "|---|---:|---:|---|\n"
                        + "| warm | 1.5 | 300 | a\\|b |\n"
                        + "| mean | | 2 | |\n"
                        + "\n"
                        + "After the table.\n\n");
    }

    @Test
    void goesOnAfterWhatTheBuilderHoldsAndLeavesDeclaredColumnsAsTheyWere() {
        StringBuilder b = new StringBuilder("before\n");
        COLUMNS.andFigures("extra | more");

        MarkdownSection.into(b).heading("###", "By thread").table(COLUMNS).append("tail");

        assertThat(b)
                .hasToString("before\n### By thread\n\n| phase | p99 ms | records | note |\n|---|---:|---:|---|\ntail");
    }
}
