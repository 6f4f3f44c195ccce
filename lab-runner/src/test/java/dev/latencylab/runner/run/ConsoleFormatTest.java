package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsoleFormatTest {

    @Test
    void aPhasesMissingNumbersAreLostOnlyWhileEverySendWasAnsweredAndNoneFailed() {
        assertThat(ConsoleFormat.liveMissing(0, 0, 0)).isEmpty();
        assertThat(ConsoleFormat.liveMissing(0, 33_360, 12)).isEmpty();
        assertThat(ConsoleFormat.liveMissing(1, 0, 0)).isEqualTo("  lost 1");
        // An outage phase: the brokers refused sends, whose numbers the consumer counts missing after the grace.
        assertThat(ConsoleFormat.liveMissing(1, 33_360, 0))
                .isEqualTo("  missing 1 (33360 sends failed so far: their numbers never come)")
                .doesNotContain("lost");
    }

    @Test
    void sendsStillRetryingAreNotCalledLostWhatExceedsThemIs() {
        // A leader lost: its sends retry unanswered past the consumer's grace, their numbers counted missing.
        assertThat(ConsoleFormat.liveMissing(2, 0, 4_100))
                .isEqualTo("  missing 2 (4100 sends unanswered, in flight or retrying: theirs may still come)");
        assertThat(ConsoleFormat.liveMissing(50, 10, 15))
                .isEqualTo("  missing 50 (at least 25 lost; 10 sends failed so far: their numbers never come;"
                        + " 15 sends unanswered, in flight or retrying: theirs may still come)");
    }
}
