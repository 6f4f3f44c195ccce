package dev.latencylab.runner.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.run.PhaseDescription;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The starved row: the run stopped on the phase, naming the starved instance alone at about half its share. */
class StarvedRowTest {

    private static final String FIRST = "http://127.0.0.1:8080/";
    private static final String SECOND = "http://127.0.0.1:8090/";
    private static final String STOPPED = "failed: phase producer-starved: producer instance " + FIRST
            + " of 2 sent 125 of its 250 records/s (50.0 %): the group's total hides it";
    private static final ProducerSettings S =
            new ProducerSettings(5, 16_384, Compression.NONE, 500, 400, KeyStrategy.ORDER_ID);

    @Test
    void matchesOnlyWhenTheRunStoppedNamingTheFirstInstanceAloneAtAboutHalfItsShare() {
        assertThat(StarvedRow.row(run(750, 1500, STOPPED, true), FIRST).matches())
                .isTrue();
        // The check missed it: the run went on.
        assertThat(StarvedRow.row(run(750, 1500, null, true), FIRST).matches()).isFalse();
        // The pause missed the window: nobody short.
        assertThat(StarvedRow.row(run(1500, 1500, STOPPED, true), FIRST).matches())
                .isFalse();
        // The wrong instance named, or both short.
        assertThat(StarvedRow.row(run(1500, 750, STOPPED, true), FIRST).matches())
                .isFalse();
        // Far more than the pause can explain: a share counted wrong.
        assertThat(StarvedRow.row(run(150, 1500, STOPPED, true), FIRST).matches())
                .isFalse();
        // Right shares, but the counts never closed.
        assertThat(StarvedRow.row(run(750, 1500, STOPPED, false), FIRST).matches())
                .isFalse();
    }

    @Test
    void theRowSaysWhoWasShortByHowMuchAndWhetherTheRunStopped() {
        SelfTestRow row = StarvedRow.row(run(750, 1500, STOPPED, true), FIRST);
        assertThat(row.injected()).contains("4000 ms");
        assertThat(row.expected()).contains("[30, 70] %");
        assertThat(row.reported()).contains("the run stopped", FIRST + " at 50.0 %", "acked 2250, received 2250");
    }

    private static RunRecord run(long firstSent, long secondSent, String stopReason, boolean fenced) {
        Instant start = Instant.parse("2026-11-29T04:00:00Z");
        long acked = firstSent + secondSent;
        PhaseDescription description = new PhaseDescription(
                "lab.orders",
                List.of(0, 1, 2),
                null,
                List.of(),
                null,
                List.of(
                        new PhaseDescription.ProducerInstance(FIRST, firstSent, firstSent, null),
                        new PhaseDescription.ProducerInstance(SECOND, secondSent, secondSent, null)));
        PhaseCounts counts = new PhaseCounts(acked, acked, 0, acked, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null);
        PhaseRecord phase = new PhaseRecord(
                1,
                new Phase(StarvedRow.STARVED, S, Duration.ofSeconds(2), Duration.ofSeconds(6)),
                1,
                start,
                start.plusSeconds(2),
                start.plusSeconds(8),
                0,
                acked,
                null,
                null,
                counts,
                fenced,
                description,
                null,
                true,
                null);
        Scenario scenario = new Scenario("selftest-producer-starved", "", List.of(phase.phase()), 1);
        return new RunRecord(
                scenario,
                start,
                start.plusSeconds(10),
                List.of(phase),
                stopReason == null,
                stopReason,
                null,
                null,
                false,
                List.of(),
                List.of(),
                List.of());
    }
}
