package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsoleFormatTest {

    @Test
    void aPhasesMissingNumbersAreLostOnlyWhileNoneOfItsSendsFailed() {
        assertThat(ConsoleFormat.liveMissing(0, 0)).isEmpty();
        assertThat(ConsoleFormat.liveMissing(0, 33_360)).isEmpty();
        assertThat(ConsoleFormat.liveMissing(1, 0)).isEqualTo("  lost 1");
        // An outage phase: the brokers refused sends, whose numbers the consumer counts missing after the grace.
        assertThat(ConsoleFormat.liveMissing(1, 33_360))
                .isEqualTo("  missing 1 (33360 sends failed so far: their numbers never come)")
                .doesNotContain("lost");
    }
}
