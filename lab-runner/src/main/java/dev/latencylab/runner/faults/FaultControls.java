package dev.latencylab.runner.faults;

/**
 * What a run's fault steps act through: the brokers' control and the consumer-app instances'
 * (both {@code kill|stop|restart <n>} commands of scripts/lab), each {@link BrokerControl#NONE} when
 * no step of the run needs it.
 */
public record FaultControls(BrokerControl brokers, BrokerControl consumers) {

    public static final FaultControls NONE = new FaultControls(BrokerControl.NONE, BrokerControl.NONE);
}
