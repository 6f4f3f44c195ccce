package dev.latencylab.runner.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

class FaultControlsTest {

    private static final BrokerControl GIVEN = (action, nodeId) -> {};

    private static Scenario withFaults(String faults) {
        return new ScenarioLoader()
                .parse(
                        "f.yaml",
                        "f",
                        """
                        defaults:
                          warmup: 5s
                          duration: 2m
                          settings: {lingerMs: 0, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                        phases:
                          - name: p
                            faults: %s
                        """
                                .formatted(faults));
    }

    @Test
    void everyUnmetNeedIsNamedAtOnceBeforeAnythingRuns() {
        Scenario both = withFaults(
                "[{at: 5s, kill: 2}, {at: 9s, restart: 2}, {at: 20s, kill: consumer-3}, {at: 30s, restart: consumer-3}]");

        assertThatThrownBy(() -> FaultControls.forScenario(both, null, null, 1))
                .isInstanceOfSatisfying(ScenarioException.class, e -> assertThat(e.problems())
                        .satisfiesExactly(
                                p -> assertThat(p).contains("kills or stops brokers, and no broker control"),
                                p -> assertThat(p).contains("consumer-app instances, and no consumer control"),
                                p -> assertThat(p)
                                        .contains("acts on consumer-app instance 3, and the run drives 1")
                                        .contains("--consumers 3")));
    }

    @Test
    void aControlNoStepNeedsIsNotHandedToTheRun() {
        FaultControls brokersOnly =
                FaultControls.forScenario(withFaults("[{at: 5s, kill: 2}, {at: 9s, restart: 2}]"), GIVEN, GIVEN, 1);

        assertThat(brokersOnly.brokers()).isSameAs(GIVEN);
        assertThat(brokersOnly.consumers()).isSameAs(BrokerControl.NONE);
        assertThat(FaultControls.forScenario(withFaults("[]"), null, null, 1)).isEqualTo(FaultControls.NONE);
    }

    @Test
    void aPhaseThatWouldLeaveNoConsumerInstanceRunningIsRefused() {
        Scenario outage = withFaults("[{at: 10s, kill: consumer-1}, {at: 20s, restart: consumer-1}]");
        Scenario inTurn = withFaults("[{at: 5s, kill: consumer-1}, {at: 10s, restart: consumer-1},"
                + " {at: 15s, stop: consumer-2}, {at: 20s, restart: consumer-2}]");
        Scenario aMinuteApart = withFaults("[{at: 5s, kill: consumer-1}, {at: 10s, restart: consumer-1},"
                + " {at: 70s, stop: consumer-2}, {at: 80s, restart: consumer-2}]");
        Scenario together = withFaults("[{at: 5s, kill: consumer-1}, {at: 10s, stop: consumer-2},"
                + " {at: 15s, restart: consumer-1}, {at: 20s, restart: consumer-2}]");

        // A 20 min phase that killed the one instance at 8 min stopped at the next read, 12 min before its end.
        assertThatThrownBy(() -> FaultControls.forScenario(outage, GIVEN, GIVEN, 1))
                .isInstanceOfSatisfying(ScenarioException.class, e -> assertThat(e.problems())
                        .containsExactly("Phase 'p': kill consumer-app 1 at 10s would leave no consumer-app instance"
                                + " running (the run drives 1), and the runner reads the phase's latency and counts"
                                + " from a running one: start another with scripts/lab up --local --consumers 2, or"
                                + " keep one running."));
        assertThat(FaultControls.forScenario(outage, GIVEN, GIVEN, 2).consumers())
                .isSameAs(GIVEN);
        // Instance 1 restarted 5 s before may still be starting: the stop waits for it at run time (RunCommandTest).
        assertThat(FaultControls.forScenario(inTurn, GIVEN, GIVEN, 2).consumers())
                .isSameAs(GIVEN);
        assertThat(FaultControls.forScenario(aMinuteApart, GIVEN, GIVEN, 2).consumers())
                .isSameAs(GIVEN);
        assertThatThrownBy(() -> FaultControls.forScenario(together, GIVEN, GIVEN, 2))
                .isInstanceOfSatisfying(ScenarioException.class, e -> assertThat(e.problems())
                        .singleElement()
                        .asString()
                        .startsWith("Phase 'p': stop consumer-app 2 at 10s would leave no consumer-app instance"));
        assertThat(FaultControls.forScenario(together, GIVEN, GIVEN, 3).consumers())
                .isSameAs(GIVEN);
    }
}
