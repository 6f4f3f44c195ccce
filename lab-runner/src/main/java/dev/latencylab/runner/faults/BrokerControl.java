package dev.latencylab.runner.faults;

import dev.latencylab.runner.scenario.TimedFault;

/** Kills, stops and restarts the stack's brokers: what a scenario's fault steps do. */
public interface BrokerControl {

    /**
     * Does {@code action} to the broker with node id {@code nodeId}; returns once the process got
     * the signal (kill), exited (stop) or was started again (restart; not necessarily in sync yet).
     *
     * @throws FaultException when it could not be done
     */
    void act(TimedFault.Action action, int nodeId) throws InterruptedException;

    /** For runs without fault steps: asked for anything, it says how to get one. */
    BrokerControl NONE = (action, nodeId) -> {
        throw new FaultException("no broker control: run the scenario through scripts/lab (it passes"
                + " --broker-control), or give --broker-control with a command that takes kill|stop|restart <node id>");
    };
}
