package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.api.latency.Totals;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.faults.FaultControls;
import dev.latencylab.runner.topics.Topics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's own stops at the accounting's capacities: each is what keeps a later count from being wrong. */
class RunLimitsTest {

    private static final Instant START = Instant.parse("2026-11-21T23:50:00Z");

    @Test
    void aRunStopsAtItsLastPhaseIdRatherThanTakeTheNextRunsIds() {
        RunContext run = new RunContext(
                null,
                null,
                Topics.NONE,
                FaultControls.NONE,
                null,
                Clock.fixed(START, ZoneOffset.UTC),
                d -> {},
                new PrintStream(new ByteArrayOutputStream()),
                ScenarioRunner.Options.DEFAULT);
        run.begin(START);
        int first = ScenarioRunner.firstPhaseId(START);
        for (int i = 1; i <= AccountingLimits.MAX_PHASES_PER_RUN; i++) {
            assertThat(run.nextPhaseId()).isEqualTo(first + i);
        }

        assertThatThrownBy(run::nextPhaseId)
                .isInstanceOf(EndpointException.class)
                .hasMessageContaining("the run reached 999 phases");
        // The next run starts a second later at the earliest: its first id is past this run's last.
        assertThat(ScenarioRunner.firstPhaseId(START.plusSeconds(1)))
                .isGreaterThan(first + AccountingLimits.MAX_PHASES_PER_RUN);
    }

    @Test
    void recordsTheConsumerCountedInNoPhaseForWantOfRoomStopTheRun() {
        LatencyView full = new LatencyView(
                List.of(), new Totals(10, 0, 0, 0, 0, 0, 0, new Totals.Skipped(0, 0, 0, 3), 0), List.of(), List.of());

        assertThatThrownBy(() -> AccountingStops.requireWithinLimits(full))
                .isInstanceOf(EndpointException.class)
                .hasMessageContaining("held " + AccountingLimits.MAX_LIVE_PHASES + " phases at once")
                .hasMessageContaining("counted 3 records in no phase");
    }

    @Test
    void recordsSkippedForOtherReasonsDoNotStopTheRun() {
        LatencyView skipped = new LatencyView(
                List.of(), new Totals(10, 0, 0, 0, 0, 0, 0, new Totals.Skipped(4, 5, 6, 0), 0), List.of(), List.of());

        AccountingStops.requireWithinLimits(skipped);
    }

    @Test
    void aLedgerThatHitALimitStopsTheRunWithTheLimitNamed() {
        LedgerView full =
                new LedgerView("lab.orders", null, "more than 64 offset segments in partition 0", 0, List.of());
        LatencyView view = new LatencyView(
                List.of(),
                new Totals(10, 0, 0, 0, 0, 0, 0, new Totals.Skipped(0, 0, 0, 0), 0),
                List.of(),
                List.of(LedgerView.empty("lab.other"), full));

        assertThatThrownBy(() -> AccountingStops.requireWithinLimits(view))
                .isInstanceOf(EndpointException.class)
                .hasMessageContaining("offset ledger of topic lab.orders hit a limit")
                .hasMessageContaining("more than 64 offset segments in partition 0");
    }

    @Test
    void ledgersWithinTheirLimitsAndAViewWithoutTotalsDoNotStopTheRun() {
        LatencyView view = new LatencyView(List.of(), null, List.of(), List.of(LedgerView.empty("lab.orders")));

        AccountingStops.requireWithinLimits(view);
    }
}
