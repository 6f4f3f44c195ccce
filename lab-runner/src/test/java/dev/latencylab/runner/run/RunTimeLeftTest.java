package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunTimeLeftTest {

    private static final List<Phase> PLAN = new ScenarioLoader()
            .parse(
                    "plan.yaml",
                    "plan",
                    """
                    defaults:
                      warmup: 10s
                      duration: 50s
                      settings: {lingerMs: 0, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                    phases:
                      - name: a
                      - name: b
                        warmup: 30s
                        duration: 4m30s
                      - name: c
                    """)
            .phases();

    @Test
    void aPhaseHasThePlannedWarmUpsAndWindowsOfEveryLaterPhaseAfterIt() {
        assertThat(RunTimeLeft.plannedAfter(PLAN, 0)).isEqualTo(Duration.ofMinutes(6));
        assertThat(RunTimeLeft.plannedAfter(PLAN, 1)).isEqualTo(Duration.ofMinutes(1));
        assertThat(RunTimeLeft.plannedAfter(PLAN, 2)).isZero();
    }

    @Test
    void theRunsTimeLeftIsThePhasesOwnPlusWhatFollowsRoundedUpToASecond() {
        assertThat(RunTimeLeft.format(Duration.ofMillis(12_300), Duration.ofMinutes(6)))
                .isEqualTo("6m13s");
        assertThat(RunTimeLeft.format(Duration.ofSeconds(40), Duration.ZERO)).isEqualTo("40s");
        assertThat(RunTimeLeft.format(Duration.ofMillis(-5), Duration.ZERO)).isEqualTo("0s");
    }

    @Test
    void aTrackerPrintsTheRunsTimeLeftFromWhatItWasToldFollows() {
        PhaseTracker t = new PhaseTracker(1, 3, PLAN.get(0), 7, "a");
        assertThat(t.runLeft(Duration.ofSeconds(20)))
                .as("nothing planned after, untold")
                .isEqualTo("20s");

        t.plannedAfter(RunTimeLeft.plannedAfter(PLAN, 0));

        assertThat(t.runLeft(Duration.ofSeconds(20))).isEqualTo("6m20s");
    }
}
