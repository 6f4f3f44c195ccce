package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.run.MaxRateSearch;
import dev.latencylab.runner.run.RateSearchRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RateSearchSectionTest {

    /** A search that sustained 1000 and 2000/s, failed at 4000 and 3000, and sustained 2500. */
    private static RateSearchRecord search(double found) {
        MaxRateSearch s = new MaxRateSearch(1000, MaxRateSearch.Rule.DEFAULT);
        s.judge(1000, 5, 5000, 4990, 0, 3.0, 10, 0);
        s.judge(2000, 5, 10000, 9990, 0, 4.0, 10, 0);
        s.judge(4000, 5, 15000, 9000, 0, 300.0, 6000, 0);
        s.judge(3000, 5, 14000, 12000, 0, 80.0, 2000, 0);
        s.judge(found, 5, Math.round(found * 5), Math.round(found * 5) - 10, 0, 9.0, 10, 0);
        return new RateSearchRecord(
                "max",
                1,
                1000,
                5,
                s.rule(),
                s.steps(),
                s.found(),
                s.converged(),
                false,
                RateSearchRecord.MEASURED_PERCENT.stream()
                        .map(p -> RateSearchRecord.measuredName("max", p))
                        .toList());
    }

    private static PhaseSummary measured(int percent, double rate, double p99) {
        PhaseSummary p = Phases.phase("max@" + percent + "%", 0, rate, p99 / 4, p99, p99, 0.2, 100.0, null, rate);
        return p;
    }

    private static RunSummary summary(RateSearchRecord r, List<PhaseSummary> phases) {
        return new RunSummary(
                "max-rate",
                null,
                Instant.parse("2026-11-21T23:50:00Z"),
                Instant.parse("2026-11-21T23:59:00Z"),
                true,
                null,
                2,
                null,
                null,
                phases,
                RunSummary.RunTotals.NONE,
                null,
                List.of(),
                List.of(r),
                null,
                List.of());
    }

    @Test
    void showsEveryStepTheRateFoundAndTheLatencyMeasuredAtItsShares() {
        String md = RateSearchSection.render(summary(
                search(2800), List.of(measured(50, 1400, 40), measured(80, 2240, 90), measured(100, 2800, 300))));

        assertThat(md).contains("## Highest sustainable rate", "### max");
        assertThat(md)
                .contains("| step | rate/s | s | sent | scheduled | publish delay p99 ms | unanswered | consumer behind"
                        + " | verdict |\n"
                        + "|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"
                        + "| 1 | 1000 | 5.0 | 5000 | 5000 | 3.00 | 10 | 0 | sustained |\n");
        assertThat(md)
                .contains("| 3 | 4000 | 5.0 | 15000 | 20000 | 300 | 6000 | 0 | not sustained: sent 15000 of"
                        + " 20000 scheduled (75 %); publish delay p99 300.0 ms > 50 ms; 6000 records awaiting");
        assertThat(md).contains("| 5 | 2800 | 5.0 | 14000 | 14000 | 9.00 | 10 | 0 | sustained |");
        assertThat(md).contains("Highest sustained rate: **2800 records/s** (the lowest failed rate was within 10 %");
        assertThat(md)
                .contains("at 50 % (1400/s) e2e p50 10.0 ms, p99 40.0 ms")
                .contains("at 80 % (2240/s) e2e p50 22.5 ms, p99 90.0 ms")
                .contains("at 100 % (2800/s) e2e p50 75.0 ms, p99 300 ms");
    }

    @Test
    void aShareThatDidNotHoldOverTheWholeWindowIsCalledSoByTheSameRule() {
        PhaseSummary full = Phases.withPublishDelay(
                Phases.phase("max@100%", 0, 2800, 225, 900, 900, 0.2, 100.0, null, 2380.0),
                new PhaseSummary.Latency(100.0, 200.0, 400.0, 450.0, 500.0));
        PhaseSummary most =
                Phases.withPublishDelay(measured(80, 2240, 90), new PhaseSummary.Latency(1.0, 5.0, 20.0, 30.0, 40.0));
        String md = RateSearchSection.render(summary(search(2800), List.of(measured(50, 1400, 40), most, full)));

        assertThat(md)
                .contains("By the same rule, over the whole window the rate did NOT hold at 100 % (publish delay p99"
                        + " 400 ms, sent 85 % of the schedule); the highest share that held: 80 % (2240/s).")
                .contains("Steps of 5 s overestimate");
    }

    @Test
    void aHoldIsShownAsSuchAndTheRateFoundSaysWhetherItHeld() {
        MaxRateSearch s = new MaxRateSearch(1000, MaxRateSearch.Rule.DEFAULT);
        s.judge(1000, 5, 5000, 4990, 0, 3.0, 10, 0);
        s.judge(2000, 5, 10000, 9990, 0, 4.0, 10, 0);
        s.judge(4000, 5, 15000, 9000, 0, 300.0, 6000, 0);
        s.judge(3000, 5, 14000, 12000, 0, 80.0, 2000, 0);
        s.judge(2800, 5, 14000, 13990, 0, 9.0, 10, 0);
        assertThat(s.next()).hasValue(2800);
        assertThat(s.nextIsHold()).isTrue();
        s.judge(2800, 20, 50000, 40000, 0, 900.0, 10000, 0); // the hold fails: 2800 / 1.1 = 2546/s next
        assertThat(s.next()).hasValue(2546);
        s.judge(2546, 20, 50920, 50910, 0, 8.0, 10, 0);
        RateSearchRecord r = new RateSearchRecord(
                "max", 1, 1000, 5, s.rule(), s.steps(), s.found(), s.converged(), s.confirmed(), List.of());

        String md = RateSearchSection.render(summary(r, List.of()));

        assertThat(md)
                .contains("| 6 (hold) | 2800 | 20.0 | 50000 | 56000 | 900 | 10000 | 0 | not sustained:")
                .contains("| 7 (hold) | 2546 | 20.0 | 50920 | 50920 | 8.00 | 10 | 0 | sustained |")
                .contains("Highest sustained rate: **2546 records/s** (the lowest failed rate was within 10 %")
                .contains("held for a whole phase by the same rule after 1 hold(s) at higher rates failed");
    }

    @Test
    void saysSoWhenTheSearchDidNotConverge() {
        // 2500 sustained, 3000 failed: 20 % apart, wider than the rule's 10 %.
        String md = RateSearchSection.render(summary(search(2500), List.of()));

        assertThat(md).contains("Highest sustained rate: **2500 records/s** (the search stopped before converging");
    }

    @Test
    void anUnthrottledPhaseIsARowOfItsAckedRateAndLatency() {
        PhaseSummary paced = Phases.phase("paced", 5, 1000, 2, 4, 4, 0.3, 400.0, 1.0, 1000.0);
        PhaseSummary flatOut = Phases.withSettings(
                Phases.phase("flat-out", 5, 1000, 2, 4, 4, 0.3, 400.0, 1.0, 1000.0),
                paced.settings().apply(SettingsChange.read(Map.of("rate", "unthrottled"))));

        String md = RateSearchSection.render(Phases.repeated(1, List.of(flatOut, paced)));

        assertThat(md)
                .startsWith("## Highest sustainable rate\n\nUnthrottled phases (the sender never waits;")
                .contains("| phase | acked rec/s | e2e p50 ms | e2e p99 ms |\n"
                        + "|---|---:|---:|---:|\n"
                        + "| flat-out | 1000 | 2.00 | 4.00 |\n\n")
                .doesNotContain("| paced |");
    }

    @Test
    void rendersNothingWithoutSearchOrUnthrottledPhase() {
        assertThat(MarkdownReport.render(Phases.repeated(1, List.of(measured(50, 1000, 10))), List.of()))
                .doesNotContain("Highest sustainable rate");
    }
}
