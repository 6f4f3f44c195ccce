package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsoleFormatTest {

    @Test
    void aPhasesMissingNumbersAreLostOnlyWhileEverySendWasAnsweredAndNoneFailed() {
        assertThat(ConsoleFormat.liveMissing(0, 0, 0, false)).isEmpty();
        assertThat(ConsoleFormat.liveMissing(0, 33_360, 12, false)).isEmpty();
        assertThat(ConsoleFormat.liveMissing(1, 0, 0, false)).isEqualTo("  lost 1");
        // An outage phase: the brokers refused sends, whose numbers the consumer counts missing after the grace.
        assertThat(ConsoleFormat.liveMissing(1, 33_360, 0, false))
                .isEqualTo("  missing 1 (33360 sends failed so far: their numbers never come)")
                .doesNotContain("lost");
    }

    @Test
    void sendsStillRetryingAreNotCalledLostWhatExceedsThemIs() {
        // A leader lost: its sends retry unanswered past the consumer's grace, their numbers counted missing.
        assertThat(ConsoleFormat.liveMissing(2, 0, 4_100, false))
                .isEqualTo("  missing 2 (4100 sends unanswered, in flight or retrying: theirs may still come)");
        assertThat(ConsoleFormat.liveMissing(50, 10, 15, false))
                .isEqualTo("  missing 50 (at least 25 lost; 10 sends failed so far: their numbers never come;"
                        + " 15 sends unanswered, in flight or retrying: theirs may still come)");
    }

    @Test
    void aShareGroupsMissingNumbersAreNeverCalledLost() {
        // A share consumer held records for 23 s at 1,000 records/s (a run on this machine, 2026-12-07): past the
        // 10 s grace they were missing, and every one came before the phase closed.
        assertThat(ConsoleFormat.liveMissing(4_524, 0, 0, true))
                .isEqualTo("  missing 4524 (a share group's member may hold records for its acquisition lock"
                        + " (share.record.lock.duration.ms, 30 s by default) before they come)")
                .doesNotContain("lost");
        assertThat(ConsoleFormat.liveMissing(4_524, 0, 23, true))
                .doesNotContain("lost")
                .endsWith("; 23 sends unanswered, in flight or retrying: theirs may still come)");
        assertThat(ConsoleFormat.liveMissing(0, 0, 0, true)).isEmpty();
    }
}
