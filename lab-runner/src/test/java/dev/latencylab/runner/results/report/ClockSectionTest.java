package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.clocks.ClockCheck;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.results.summary.RunSummary;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** summary.md's clocks: each app's offset at each phase's start and end, and a p50 the clocks could explain. */
class ClockSectionTest {

    private static final List<ClockCheck> CHECKS = List.of(
            new ClockCheck(1, ClockCheck.START, "http://10.0.0.1:8080/", "producer-app", -120L, 300L, null),
            new ClockCheck(1, ClockCheck.START, "http://10.0.0.2:8081/", "consumer-app", 250_000L, 400L, null),
            new ClockCheck(1, ClockCheck.END, "http://10.0.0.1:8080/", "producer-app", -80L, 250L, null),
            new ClockCheck(1, ClockCheck.END, "http://10.0.0.2:8081/", "consumer-app", null, null, "does not answer"));

    /** Both apps' clocks as the runner's, each known to within a few hundred µs. */
    private static final List<ClockCheck> SYNCED = List.of(
            new ClockCheck(1, ClockCheck.START, "http://10.0.0.1:8080/", "producer-app", -120L, 300L, null),
            new ClockCheck(1, ClockCheck.START, "http://10.0.0.2:8081/", "consumer-app", -120L, 400L, null),
            new ClockCheck(1, ClockCheck.END, "http://10.0.0.1:8080/", "producer-app", -80L, 250L, null));

    @Test
    void eachWorkersOffsetAtStartAndEndIsARow() {
        String md = ClockSection.render(summary(5.0, CHECKS));

        assertThat(md)
                .startsWith("## Clocks\n")
                .contains("| phase | app | worker | offset at start ms | ± ms | offset at end ms | ± ms |\n"
                        + "|---|---|---|---:|---:|---:|---:|\n"
                        + "| linger-5 | producer-app |")
                .contains("| linger-5 | producer-app | http://10.0.0.1:8080/ | -0.120 | 0.300 | -0.080 | 0.250 |")
                .contains("| linger-5 | consumer-app | http://10.0.0.2:8081/ | 250.000 | 0.400 | n/a | n/a |")
                .contains("No estimate (the app did not answer): http://10.0.0.2:8081/ at the end of phase linger-5.");
    }

    @Test
    void aP50WithinThreeTimesTheClocksUncertaintyIsSaid() {
        // Offsets alike at the start: 300 µs + 400 µs of uncertainty, 0.7 ms; times 3 is 2.1 ms. (The end's
        // producer check with the start's consumer one: 40 µs apart, 650 µs of uncertainty, 1.99 ms.)
        assertThat(ClockSection.render(summary(2.1, SYNCED)))
                .contains("- linger-5: e2e p50 2.100 ms is within what the clocks could put in it (2.100 ms: the"
                        + " consumer-app's offset minus the producer-app's, 0.000 ms, and 3x their uncertainties"
                        + " added, 0.700 ms): the clocks alone could account for it.");
        assertThat(ClockSection.render(summary(2.2, SYNCED))).doesNotContain("could account for it");
    }

    @Test
    void aP50TheClocksOffsetsCouldExplainIsSaidHoweverPreciselyTheyAreKnown() {
        // The consumer-app's clock 250 ms ahead of the producer-app's, each known to within 0.4 ms: a p50 of
        // 252 ms may be the clocks' alone. 250.12 ms apart, 3 x 0.7 ms of uncertainty: 252.22 ms.
        assertThat(ClockSection.render(summary(252.0, CHECKS)))
                .contains("- linger-5: e2e p50 252.000 ms is within what the clocks could put in it (252.220 ms:"
                        + " the consumer-app's offset minus the producer-app's, 250.120 ms, and 3x their"
                        + " uncertainties added, 0.700 ms): the clocks alone could account for it.");
        // 700 ms is at least 447 ms of latency, whatever the clocks: no note.
        assertThat(ClockSection.render(summary(253.0, CHECKS))).doesNotContain("could account for it");
        assertThat(ClockSection.render(summary(700.0, CHECKS))).doesNotContain("could account for it");
    }

    @Test
    void aRunWithoutChecksHasNoSection() {
        assertThat(ClockSection.render(summary(2.0, List.of()))).isEmpty();
    }

    @Test
    void summaryJsonKeepsTheChecks() {
        JsonMapper json = JsonMapper.builder().build();
        RunSummary read = json.readValue(json.writeValueAsString(summary(2.0, CHECKS)), RunSummary.class);

        assertThat(read.clocks()).isEqualTo(CHECKS);
    }

    private static RunSummary summary(double p50, List<ClockCheck> checks) {
        RunSummary s = Phases.repeated(1, List.of(Phases.phase("linger-5", 5, p50, 10, 0.1, 100, 1.0)));
        return new RunSummary(
                s.scenario(),
                s.description(),
                s.startedAt(),
                s.endedAt(),
                s.complete(),
                s.stopReason(),
                s.cores(),
                s.repeats(),
                s.stackWarmup(),
                s.phases(),
                s.totals(),
                s.reading(),
                s.warnings(),
                s.rateSearches(),
                s.stack(),
                checks);
    }
}
