package dev.latencylab.runner.faults;

import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.TimedFault;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a run's fault steps act through: the brokers' control and the consumer-app instances'
 * (both {@code kill|stop|restart <n>} commands of scripts/lab), each {@link BrokerControl#NONE} when
 * no step of the run needs it.
 */
public record FaultControls(BrokerControl brokers, BrokerControl consumers) {

    public static final FaultControls NONE = new FaultControls(BrokerControl.NONE, BrokerControl.NONE);

    /**
     * The controls {@code scenario}'s steps need, checked before anything of it runs: a control for the
     * brokers when a step acts on one, one for the consumer-app instances when a step acts on one, and
     * as many instances driven as the steps name.
     *
     * @param brokers the brokers' control given to the run, null for none
     * @param consumers the consumer-app instances' control given to the run, null for none
     * @param consumersDriven how many consumer-app instances the run drives
     * @throws ScenarioException naming each need that is not met and how to meet it
     */
    public static FaultControls forScenario(
            Scenario scenario, BrokerControl brokers, BrokerControl consumers, int consumersDriven) {
        List<String> problems = new ArrayList<>();
        if (scenario.actsOnBrokers() && brokers == null) {
            problems.add("The scenario kills or stops brokers, and no broker control was given: run it with"
                    + " scripts/lab run (which passes its own), or give --broker-control COMMAND.");
        }
        int consumersNamed = scenario.consumerInstancesNeeded();
        if (consumersNamed > 0 && consumers == null) {
            problems.add(
                    "The scenario kills, stops or starts consumer-app instances, and no consumer control was"
                            + " given: run it with scripts/lab run (which passes its own), or give --consumer-control COMMAND.");
        }
        if (consumersNamed > consumersDriven) {
            problems.add("The scenario acts on consumer-app instance " + consumersNamed + ", and the run drives "
                    + consumersDriven + ": start them with scripts/lab up --local --consumers " + consumersNamed
                    + " (or give --consumer URL,URL,...).");
        } else {
            scenario.phases().forEach(p -> noneLeft(p, consumersDriven).ifPresent(problems::add));
        }
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        return new FaultControls(
                scenario.actsOnBrokers() ? brokers : BrokerControl.NONE,
                consumersNamed > 0 ? consumers : BrokerControl.NONE);
    }

    /**
     * The first step of {@code phase} that would leave none of the {@code driven} consumer-app instances
     * running: the runner reads a phase's latency and counts from a running instance, so the run would
     * stop at its next read, long before the restart step (found with a 20 min phase that killed the one
     * instance at 8 min). An instance restarted before counts as running: a step taking down the last
     * other one waits, at run time, for that start (ConsumerFaults).
     */
    private static Optional<String> noneLeft(Phase phase, int driven) {
        Set<Integer> down = new TreeSet<>();
        for (TimedFault step : phase.faults()) {
            Optional<Integer> n = TimedFault.consumerInstance(step.target());
            if (n.isEmpty()) {
                continue;
            }
            if (!step.action().takesDown()) {
                down.remove(n.get());
            } else if (down.add(n.get()) && down.size() == driven) {
                return Optional.of("Phase '" + phase.name() + "': " + step.describe() + " would leave no consumer-app"
                        + " instance running (the run drives " + driven + "), and the runner reads the phase's"
                        + " latency and counts from a running one: start another with scripts/lab up --local"
                        + " --consumers " + (driven + 1) + ", or keep one running.");
            }
        }
        return Optional.empty();
    }
}
