package dev.latencylab.runner.results.report;

import static dev.latencylab.runner.results.summary.Phases.phase;
import static dev.latencylab.runner.results.summary.Phases.withoutPrometheus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.run.PhaseDescription;
import dev.latencylab.runner.run.StackWarmupRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {

    private static final Instant START = Instant.parse("2026-11-21T23:50:00Z");

    @Test
    void eachTableHasAHeaderAnAlignmentRowAndOneRowPerPhase() {
        String md = MarkdownReport.tables(List.of(
                phase("linger-0", 0, 1.234, 7.5, 0.2, 1000, 1.0), phase("linger-5", 5, 3.5, 12.25, 0.15, 420, 1.0)));

        List<String> lines = md.lines().toList();
        assertThat(lines)
                .contains(
                        "| phase | linger.ms | batch.size | compression | samples | p50 | p95 | p99 | p99.9 | max | p50 corr. | p95 corr. | p99 corr. | p99.9 corr. | max corr. |",
                        "| linger-0 | 0 | 16384 | none | 50000 | 1.23 | 1.73 | 7.50 | 11.3 | 15.0 | 1.30 | 1.85 | 7.50 | 11.3 | 15.0 |",
                        "| linger-5 | 5 | 16384 | none | 50000 | 3.50 | 4.90 | 12.3 | 18.4 | 24.5 | 3.68 | 5.25 | 12.3 | 18.4 | 24.5 |",
                        "| phase | measured s | payload B | target rec/s | achieved rec/s | achieved |",
                        "| linger-0 | 50.0 | 400 | 1000 | 1000 | 100 % |",
                        "| phase | closed | sent | acked | failed | received | lost | unobserved | unread | stored despite failure | late"
                                + " | duplicated | redelivered | out of order | clamped | unsampled |",
                        "| linger-0 | yes | 50000 | 50000 | 0 | 50000 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |",
                        "| phase | CPU producer | CPU consumer | CPU broker 1 | CPU broker 2 | CPU broker 3 | CPU total | Produce req/s | FetchConsumer req/s | FetchFollower req/s | bytes in kB/s |",
                        "| linger-5 | 0.15 | 0.15 | 0.15 | 0.15 | 0.15 | 0.75 | 420 | 140 | 840 | 480.0 |",
                        "| phase | records / request | bytes / request | batch B / record | batch-size-avg B (trailing) "
                                + "| compression-rate-avg (trailing) | record-queue-time-avg ms (trailing) "
                                + "| records / Produce request (brokers) |",
                        // The last column is the window's own count: 1000 records/s over 420 Produce requests/s.
                        "| linger-5 | 7.00 | 3360 | 450 | 1300 | 1.00 | 5.50 | 2.38 |",
                        "| phase | producer ms/s | consumer ms/s | brokers ms/s |",
                        "| linger-0 | 2.50 | 1.25 | 12.0 |");
        assertThat(md)
                .contains(
                        "| phase | linger.ms | batch.size | compression | samples | p50 | p95 | p99 | p99.9 | max | p50 corr. "
                                + "| p95 corr. | p99 corr. | p99.9 corr. | max corr. |\n"
                                + "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                                + "| linger-0 | 0 | 16384 | none | 50000 | 1.23 | 1.73 | 7.50 | 11.3 | 15.0 | 1.30 | 1.85 | 7.50 | 11.3 "
                                + "| 15.0 |\n");
        long alignmentRows = lines.stream().filter(l -> l.startsWith("|---|")).count();
        assertThat(alignmentRows).isEqualTo(7);
        assertThat(lines.stream().filter(l -> l.startsWith("| linger-0 |")).count())
                .isEqualTo(7);
    }

    /** Phases that differ in a setting beyond linger, batch and codec (acks here) say so in a column of it. */
    @Test
    void aSettingThePhasesDifferInHasAColumn() {
        PhaseSummary all = phase("acks-all", 5, 1.2, 7.5, 0.2, 1000, 1.0);
        PhaseSummary leader = Phases.withSettings(
                phase("acks-1", 5, 1.1, 6.5, 0.2, 1000, 1.0),
                all.settings().apply(SettingsChange.read(Map.of("acks", "1"))));

        List<String> lines = MarkdownReport.tables(List.of(all, leader)).lines().toList();

        assertThat(lines)
                .contains(
                        "| phase | linger.ms | batch.size | compression | acks | samples | p50 | p95 | p99 | p99.9 | max | p50 corr. | p95 corr. | p99 corr. | p99.9 corr. | max corr. |")
                .anyMatch(l -> l.startsWith("| acks-1 | 5 | 16384 | none | 1 |"))
                .anyMatch(l -> l.startsWith("| acks-all | 5 | 16384 | none | all |"));
        // Phases alike in every other setting show none of them.
        assertThat(MarkdownReport.tables(List.of(all)).lines()).noneMatch(l -> l.contains("| acks |"));
    }

    @Test
    void missingFiguresShowAsNotAvailable() {
        String md = MarkdownReport.tables(List.of(withoutPrometheus("linger-0", 0, 2.0, 8.0)));

        assertThat(md)
                .contains("| linger-0 | n/a | n/a | n/a | n/a | n/a | n/a | n/a |")
                .contains("| linger-0 | n/a | n/a | n/a | n/a | n/a | n/a | n/a |\n")
                .contains("| linger-0 | 2.00 | n/a | 8.00 | n/a | n/a |"
                        .replace("| linger-0 | 2.00", "| linger-0 | 0 | 16384 | none | 50000 | 2.00"));
    }

    @Test
    void withRepeatsTheTablesShowEachFiguresMedianAndRangeAndEachRepeatFollows() {
        RunSummary s = Phases.repeated(
                2,
                List.of(
                        Phases.repeat(phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 1.0), 1),
                        Phases.repeat(phase("linger-5", 5, 4.0, 10.0, 0.15, 400, 1.0), 1),
                        Phases.repeat(phase("linger-5", 5, 5.0, 12.0, 0.15, 440, 1.0), 2),
                        Phases.repeat(phase("linger-0", 0, 3.0, 9.0, 0.2, 1100, 1.0), 2)));

        String md = MarkdownReport.render(s, List.of());

        assertThat(md)
                .contains("Each phase ran 2 times, interleaved")
                .contains("seed 5 (`--seed 5` runs the same order again): linger-0#1 linger-5#1 linger-5#2 linger-0#2")
                .contains("(min..max)")
                // Median 2.50 of p50 2.00 and 3.00; produce requests 1050 of 1000 and 1100.
                .contains("| linger-0 | 0 | 16384 | none | 50000 | 2.50 (2.00..3.00) |")
                .contains("| linger-0 | 0.20 | 0.20 |")
                .contains("| 1050 (1000..1100) |")
                // Whether each phase was closed: over repeats, in how many of them.
                .contains("| linger-0 | 2 of 2 | 50000 | 50000 |")
                .contains("## Each repeat")
                .contains("| linger-5#2 | 5 | 16384 | none | 50000 | 5.00 |");
        // The spread tables come before the reading, each repeat's after it.
        assertThat(md.indexOf("2.50 (2.00..3.00)")).isLessThan(md.indexOf("## Each repeat"));
        // Each repeat has its row in each of the seven tables.
        assertThat(md.split("\\| linger-0#2 \\|", -1)).hasSize(8);
    }

    @Test
    void aRunOfOneRepeatHasNoSpreadTables() {
        String md = MarkdownReport.render(
                Phases.repeated(1, List.of(phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 1.0))), List.of());

        assertThat(md)
                .contains("| linger-0 | 0 | 16384 | none | 50000 | 2.00 |")
                .doesNotContain("## Repeats")
                .doesNotContain("## Each repeat")
                .doesNotContain("..");
    }

    @Test
    void anInterruptedRunSaysSoAndListsWarningsAndCharts() {
        RunSummary s = new RunSummary(
                "sweep",
                "two phases",
                Instant.parse("2026-11-21T23:50:00Z"),
                Instant.parse("2026-11-21T23:51:10Z"),
                false,
                "interrupted (Ctrl-C)",
                2,
                null,
                null,
                List.of(phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 1.0)),
                RunSummary.RunTotals.NONE,
                null,
                List.of("Prometheus has no value for x"),
                null,
                null,
                List.of());

        String md = MarkdownReport.render(s, List.of("cpu.png"));

        assertThat(md)
                .contains("# sweep")
                .contains("Run 2026-11-21 23:50:00Z to 2026-11-21 23:51:10Z (UTC), NOT complete: interrupted (Ctrl-C).")
                .contains("![cpu](cpu.png)")
                .contains("## Warnings\n\n- Prometheus has no value for x");
    }

    @Test
    void theTotalsSayWhatWasSkippedApartFromWhatWasReceivedWithoutALatencySample() {
        RunSummary s = lingerRun(
                null, new RunSummary.RunTotals(1000L, 1000L, 0L, 1000L, 0L, 0L, 0L, 0L, 0L, 0L, 3L, 40L, true), null);

        String md = MarkdownReport.render(s, List.of());

        assertThat(md)
                .contains("skipped 3 (counted in no phase), unsampled 40 (received, not JSON: no latency sample)");
    }

    @Test
    void aGroupsTotalsSayTheyAreTheInstancesOwnCountsSummed() {
        RunSummary.RunTotals totals =
                new RunSummary.RunTotals(1000L, 1000L, 0L, 1000L, 0L, 0L, 600L, 0L, 0L, 400L, 0L, 0L, true);
        RunSummary one = lingerRun(null, totals, null);
        PhaseSummary read = Phases.withDescription(
                one.phases().get(0),
                new PhaseDescription(
                        "lab.orders",
                        List.of(0, 1),
                        null,
                        List.of(
                                new PhaseDescription.ConsumerInstance("http://127.0.0.1:8081/", 600, List.of(0)),
                                new PhaseDescription.ConsumerInstance("http://127.0.0.1:8083/", 400, List.of(1)))));
        RunSummary group = run(null, List.of(read), totals, null);

        assertThat(MarkdownReport.render(one, List.of()))
                .contains("pending 400 (everything sent since the reset was received).");
        assertThat(MarkdownReport.render(group, List.of()))
                .contains("pending 400. These are the 2 consumer-app instances' own counts summed")
                .contains("the group had received everything sent.")
                .doesNotContain("(everything sent since the reset was received)");
    }

    @Test
    void saysHowTheStackWasStarted() {
        RunSummary s = lingerRun(null, RunSummary.RunTotals.NONE, "compose on podman 4.3.1 (docker-compose 1.29.2)");

        String md = MarkdownReport.render(s, List.of());

        assertThat(md).contains("(UTC), complete. Stack: compose on podman 4.3.1 (docker-compose 1.29.2).");
    }

    @Test
    void theStackWarmUpIsATableOfItsWindows() {
        StackWarmupRecord warmup = new StackWarmupRecord(
                "3 steady windows",
                "linger-0",
                1000.0,
                30,
                180,
                20,
                true,
                "steady",
                List.of(
                        new StackWarmupRecord.Window(1, START.plusSeconds(10), 10.2, 3794.0, 1.91, false, null),
                        new StackWarmupRecord.Window(2, START.plusSeconds(20), 19.8, 150.0, 1.97, true, null)));
        RunSummary s = lingerRun(warmup, RunSummary.RunTotals.NONE, null);

        String md = MarkdownReport.render(s, List.of());

        assertThat(md)
                .contains("## Stack warm-up\n\nBefore the first phase linger-0's settings")
                .contains("| window | ends at s | e2e p50 ms | CPU cores | steady |\n"
                        + "|---:|---:|---:|---:|---|\n"
                        + "| 1 | 10 | 3794 | 1.91 | no |\n"
                        + "| 2 | 20 | 150 | 1.97 | yes |\n\n");
    }

    /** A run of one phase, linger-0, with what a test is about. */
    private static RunSummary lingerRun(StackWarmupRecord warmup, RunSummary.RunTotals totals, String stack) {
        return run(warmup, List.of(phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 1.0)), totals, stack);
    }

    /** A run of these phases. */
    private static RunSummary run(
            StackWarmupRecord warmup, List<PhaseSummary> phases, RunSummary.RunTotals totals, String stack) {
        return new RunSummary(
                "sweep",
                null,
                START,
                Instant.parse("2026-11-21T23:51:10Z"),
                true,
                null,
                2,
                null,
                warmup,
                phases,
                totals,
                null,
                List.of(),
                List.of(),
                stack,
                List.of());
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
