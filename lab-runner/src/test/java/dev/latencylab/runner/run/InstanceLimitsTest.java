package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

class InstanceLimitsTest {

    private static Scenario scenario(String phases) {
        return scenario("", phases);
    }

    /** @param defaults more lines of the scenario's defaults, each indented by two */
    private static Scenario scenario(String defaults, String phases) {
        return new ScenarioLoader()
                .parse(
                        "test.yaml",
                        "test",
                        """
                        defaults:
                          warmup: 5s
                          duration: 30s
                          settings: {lingerMs: 0, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                        """
                                + defaults
                                + "phases:\n"
                                + phases);
    }

    @Test
    void aBacklogIsSplitOverTheInstancesThatWriteItOnlyWhenEachGetsARecord() {
        Scenario three = scenario("  - {name: small, backlog: 3}\n");

        assertThat(InstanceLimits.problems(three, 3, false)).isEmpty();
        assertThat(InstanceLimits.problems(three, 4, false))
                .containsExactly("phase 'small': a backlog of 3 records cannot be split over 4 producer-app instances"
                        + " (each writes at least one): ask for at least 4 records or drive fewer instances"
                        + " (producers: K)");
        assertThat(InstanceLimits.problems(scenario("  - {name: small, backlog: 3, producers: 3}\n"), 4, false))
                .as("a phase that drives fewer instances splits over those")
                .isEmpty();
    }

    @Test
    void aPhaseAskingForMoreInstancesThanRunIsNamedWithHowToStartThem() {
        Scenario scenario = scenario("  - {name: ok}\n  - {name: four, producers: 4}\n");

        assertThat(InstanceLimits.problems(scenario, 4, false)).isEmpty();
        assertThatThrownBy(() -> InstanceLimits.check(scenario, 3, 1, false))
                .isInstanceOf(ScenarioException.class)
                .satisfies(e -> assertThat(((ScenarioException) e).problems())
                        .containsExactly("phase 'four': asks for 4 producer-app instances, and the run drives 3:"
                                + " start them with scripts/lab up --local --producers 4"
                                + " (or give --producer URL,URL,...)"));
    }

    @Test
    void aRateWhoseShareIsBelowWhatAnInstanceAcceptsIsRefusedButNotUnthrottledOrASearch() {
        // 0.4 / 4 is 0.1 exactly in binary, the lowest rate an instance accepts.
        String slow = "    settings: {rate: 0.4}\n";

        assertThat(InstanceLimits.problems(scenario("  - name: slow\n" + slow), 4, false))
                .isEmpty();
        assertThat(InstanceLimits.problems(scenario("  - name: slow\n" + slow), 5, false))
                .singleElement()
                .asString()
                .startsWith("phase 'slow': rate 0.4 records/s split over 5 producer-app instances gives each less"
                        + " than the lowest an instance accepts (0.1)");
        assertThat(InstanceLimits.problems(scenario("  - {name: flat, settings: {rate: unthrottled}}\n"), 8, false))
                .isEmpty();
        assertThat(InstanceLimits.problems(scenario("  - {name: search, settings: {rate: max}}\n"), 8, false))
                .isEmpty();
    }

    @Test
    void aStackWarmupRunsTheHighestRateOverEveryInstanceRunning() {
        // Each phase drives one instance; the warm-up drives both at the highest phase rate, 0.15.
        Scenario one = scenario("  - {name: slow, producers: 1, settings: {rate: 0.15}}\n");

        assertThat(InstanceLimits.problems(one, 2, false)).isEmpty();
        assertThat(InstanceLimits.problems(one, 2, true))
                .singleElement()
                .asString()
                .startsWith("the stack warm-up runs phase 'slow''s rate 0.15 records/s over all 2 producer-app"
                        + " instances")
                .endsWith("raise the rate or skip the warm-up (--stack-warmup 0)");
    }

    @Test
    void aSharePhaseIsRefusedWhileTheRunDrivesMoreThanOneConsumerInstance() {
        Scenario share = scenario("  - {name: plain}\n  - {name: shared, consumer: {listener: share, workers: 3}}\n");

        assertThat(InstanceLimits.consumerProblems(share, 1)).isEmpty();
        assertThat(InstanceLimits.consumerProblems(share, 2))
                .singleElement()
                .asString()
                .startsWith("phase 'shared': reads as a share group, which one consumer-app instance does")
                .contains("the run drives 2");
        assertThatThrownBy(() -> InstanceLimits.check(share, 1, 2, false))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("phase 'shared'");
        assertThat(InstanceLimits.consumerProblems(scenario("  - {name: plain}\n"), 3))
                .isEmpty();
    }

    @Test
    void aShareListenerGivenInTheDefaultsIsCaughtInEveryPhase() {
        Scenario share = scenario(
                "  consumer: {listener: share, workers: 2}\n",
                "  - {name: a}\n  - {name: b, consumer: {workers: 3}}\n");

        assertThat(InstanceLimits.consumerProblems(share, 2)).hasSize(2);
    }
}
